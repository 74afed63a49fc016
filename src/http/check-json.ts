import type { CheckOutcome } from '../engine/pipeline.ts';
import type { CheckResponseJson } from './openapi-schemas.ts';

/**
 * The answer of input-check and output-check: the pipeline's outcome as the contract names it, in
 * the order the schema lists its members (the optional masked texts only when there are some).
 */
export function checkResponseJson(outcome: CheckOutcome, requestId: string): CheckResponseJson {
  const response: CheckResponseJson = {
    injection_detected: outcome.injection_detected,
    // From the request's arrival to its verdict: the same figure its check event records.
    execution_time: outcome.execution_time,
    checks: outcome.checks,
    blocked_by: outcome.blocked_by,
    monitored_by: outcome.monitored_by,
    request_id: requestId,
  };
  if (outcome.sanitized_message !== undefined) response.sanitized_message = outcome.sanitized_message;
  if (outcome.masked_message !== undefined) response.masked_message = outcome.masked_message;
  return response;
}
