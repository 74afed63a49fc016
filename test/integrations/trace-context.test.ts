import assert from 'node:assert/strict';
import { createSocket, type Socket } from 'node:dgram';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { updateSiemSettings } from '../../src/siem/settings.ts';
import { parseTraceparent } from '../../src/tracing/trace-context.ts';
import { signInAsAdmin, type AdminClient } from '../helpers/admin-client.ts';
import { FakeLlm } from '../helpers/fake-llm.ts';
import type { Json } from '../helpers/https-client.ts';
import { startInProcess, TEST_ACTOR, type InProcessAppliance } from '../helpers/in-process.ts';
import { waitUntil } from '../helpers/wait-until.ts';

/** A fresh trace id per test, so each test finds only its own events. */
let traces = 0;
const traceId = () => `0af7651916cd43dd8448eb211c80${(traces++).toString(16).padStart(4, '0')}`;
const SPAN = 'b7ad6b7169203331';
const traceparent = (trace: string) => `00-${trace}-${SPAN}-01`;

describe('parseTraceparent', () => {
  it('takes a valid W3C traceparent and ignores anything malformed', () => {
    assert.deepEqual(parseTraceparent(' 00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01 '), {
      traceId: '0af7651916cd43dd8448eb211c80319c',
      spanId: 'b7ad6b7169203331',
      traceparent: '00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01',
    });
    // A later version: its first four fields count, the rest is left alone.
    assert.equal(parseTraceparent('01-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-00-extra')?.traceId, '0af7651916cd43dd8448eb211c80319c');
    for (const bad of [
      undefined,
      '',
      'garbage',
      '00-0AF7651916CD43DD8448EB211C80319C-b7ad6b7169203331-01', // upper case
      '00-00000000000000000000000000000000-b7ad6b7169203331-01', // zero trace id
      '00-0af7651916cd43dd8448eb211c80319c-0000000000000000-01', // zero parent id
      'ff-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01', // forbidden version
      '00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01-extra', // version 00 has four fields
      '00-0af7651916cd43dd8448eb211c8031-b7ad6b7169203331-01', // short trace id
      ['00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01', '00-0af7651916cd43dd8448eb211c80319d-b7ad6b7169203331-01'],
    ])
      assert.equal(parseTraceparent(bad), undefined, JSON.stringify(bad));
  });
});

describe('trace context on events, logs and SIEM lines from every path', () => {
  let app: InProcessAppliance;
  let admin: AdminClient;
  let upstream: FakeLlm;
  let collector: Socket;
  const datagrams: string[] = [];
  let checkKey: string;
  let forwardingKey: string;

  /** Events of a trace id, through the admin API, once `count` are written. */
  const eventsOfTrace = (trace: string, count: number) =>
    waitUntil(`${count} events of trace ${trace}`, async () => {
      const events = (await admin.request(`/api/events?trace_id=${trace}`)).json.events as Json[];
      return events.length === count ? events : undefined;
    });

  before(async () => {
    upstream = new FakeLlm();
    await upstream.start();
    collector = createSocket('udp4');
    collector.on('message', (m) => datagrams.push(m.toString('utf8')));
    await new Promise<void>((resolve) => collector.bind(0, '127.0.0.1', resolve));
    app = await startInProcess({ env: { RAMPART_LOG_LEVEL: 'debug' } });
    admin = await signInAsAdmin(app);
    ({ apiKey: checkKey } = await app.createRuntimeLlm('traced-app', { level: 1 }));
    ({ apiKey: forwardingKey } = await app.createRuntimeLlm('traced-proxy', { level: 1, mode: 'forwarding', url: upstream.url }));
  });
  after(async () => {
    await app.dispose();
    await upstream.stop();
    collector.close();
  });

  it('the check API stores the trace and the client request id, and logs the trace', async () => {
    const trace = traceId();
    const res = await app.api('/apikey/api/guardrail/v1/input-check', {
      method: 'POST',
      headers: { 'x-api-key': checkKey, traceparent: traceparent(trace), 'x-request-id': 'order-service:7f3a' },
      body: { message: 'Where is my parcel?' },
    });
    assert.equal(res.status, 200, res.text);
    assert.equal(res.json.request_id, 'order-service:7f3a', 'a usable X-Request-ID becomes the request id');
    const [event] = await eventsOfTrace(trace, 1);
    assert.equal(event.trace_id, trace);
    assert.equal(event.span_id, SPAN);
    assert.equal(event.request_id, 'order-service:7f3a');
    const line = app.logs.find((l) => l.msg === 'check recorded' && l.request_id === 'order-service:7f3a');
    assert.ok(line, 'a debug line per check');
    assert.equal(line.trace_id, trace);
    assert.equal(line.event_id, event.id);
  });

  it('a malformed traceparent is ignored: the check is served, the event has no trace', async () => {
    const res = await app.api('/apikey/api/guardrail/v1/output-check', {
      method: 'POST',
      headers: { 'x-api-key': checkKey, traceparent: '00-not-a-trace-01' },
      body: { message: 'It left the depot this morning.' },
    });
    assert.equal(res.status, 200, res.text);
    const event = await app.checkEvent(res.json.request_id as string);
    assert.equal(event.trace_id, undefined);
    assert.equal(event.span_id, undefined);
  });

  it('Forwarding mode stores the trace on the events of the request and of the answer, and passes it upstream', async () => {
    const trace = traceId();
    const res = await app.api('/v1/chat/completions', {
      method: 'POST',
      headers: { authorization: `Bearer ${forwardingKey}`, traceparent: traceparent(trace) },
      body: { model: 'fake', messages: [{ role: 'user', content: 'Say hello to the team.' }] },
    });
    assert.equal(res.status, 200, res.text);
    const events = await eventsOfTrace(trace, 2);
    assert.deepEqual(events.map((e) => e.direction).sort(), ['input', 'output']);
    assert.equal(upstream.requests.at(-1)?.headers.traceparent, traceparent(trace));
  });

  it('the LiteLLM endpoint stores the trace', async () => {
    const trace = traceId();
    const res = await app.api('/beta/litellm_basic_guardrail_api', {
      method: 'POST',
      headers: { 'x-api-key': checkKey, traceparent: traceparent(trace) },
      body: { input_type: 'response', texts: ['Here is the summary you asked for.'], request_data: {} },
    });
    assert.equal(res.status, 200, res.text);
    const [event] = await eventsOfTrace(trace, 1);
    assert.equal(event.direction, 'output');
    const cli = await app.cli('events', 'list', '--trace-id', trace, '--json');
    assert.equal(cli.code, 0, cli.stderr);
    assert.deepEqual(
      (JSON.parse(cli.stdout) as Json[]).map((e) => e.id),
      [event.id],
    );
  });

  it('a bad trace id filter is refused with a sentence', async () => {
    const res = await admin.request('/api/events?trace_id=xyz');
    assert.equal(res.status, 400);
    assert.equal(res.json.error.code, 'invalid_field');
    assert.match(res.json.error.message, /32 hexadecimal characters/);
    const cli = await app.cli('events', 'list', '--trace-id', 'xyz');
    assert.notEqual(cli.code, 0);
    assert.match(cli.stderr, /32 hexadecimal characters/);
  });

  it('the OpenAPI document names traceparent and X-Request-ID on every checking route', async () => {
    const doc = (await app.api('/openapi.json')).json;
    for (const path of [
      '/apikey/api/guardrail/v1/input-check',
      '/apikey/api/guardrail/v1/output-check',
      '/v1/chat/completions',
      '/beta/litellm_basic_guardrail_api',
    ]) {
      const headers = (doc.paths[path].post.parameters as { in: string; name: string }[]).filter((p) => p.in === 'header').map((p) => p.name);
      assert.deepEqual(headers.sort(), ['traceparent', 'x-request-id'], path);
    }
    assert.ok(doc.paths['/beta/litellm_basic_guardrail_api'].post.requestBody, 'the LiteLLM endpoint documents its body');
  });

  it('SIEM lines carry the trace id, in CEF and in JSON', async () => {
    const port = (collector.address() as AddressInfo).port;
    for (const format of ['cef', 'json'] as const) {
      await updateSiemSettings(app.store, TEST_ACTOR, { collector: '127.0.0.1', port, enabled: true, format });
      // The forwarder reads its settings once a second: send until a check of this format arrives.
      const trace = traceId();
      const line = await waitUntil(
        `a ${format} SIEM line with trace ${trace}`,
        async () => {
          await app.api('/apikey/api/guardrail/v1/input-check', {
            method: 'POST',
            headers: { 'x-api-key': checkKey, traceparent: traceparent(trace) },
            body: { message: 'What time do you open?' },
          });
          return datagrams.find((d) => d.includes(trace) && (format === 'cef' ? d.includes('CEF:0|') : d.includes('"kind":"check"')));
        },
        { intervalMs: 250 },
      );
      if (format === 'cef') {
        assert.match(line, new RegExp(`flexString2Label=traceId flexString2=${trace}`));
        assert.match(line, new RegExp(`rampartSpanId=${SPAN}`));
      } else {
        const json = JSON.parse(line.slice(line.indexOf('{'))) as Json;
        assert.equal(json.trace_id, trace);
        assert.equal(json.span_id, SPAN);
      }
    }
  });
});
