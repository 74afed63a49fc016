export { RampartClient, type CallOptions, type CheckResult, type FailedOpenResult, type RampartClientOptions } from './client.ts';
export type {
  BlockedVerdict,
  CheckResponse,
  ErrorCode,
  ErrorResponse,
  ForwardingReport,
  InputCheckRequest,
  LitellmGuardrailRequest,
  LitellmGuardrailResponse,
  OutputCheckRequest,
} from './contract.ts';
export { ERROR_STATUS } from './contract.ts';
export { RampartApiError, RampartBlockedError, RampartError, RampartProtocolError, RampartUnavailableError } from './errors.ts';
