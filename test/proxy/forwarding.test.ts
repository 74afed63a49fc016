import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import OpenAI, { APIError } from 'openai';
import { Agent, fetch as undiciFetch } from 'undici';
import { startInProcess, type InProcessAppliance } from '../helpers/in-process.ts';
import { FakeLlm } from '../helpers/fake-llm.ts';

const UPSTREAM_KEY = 'sk-upstream-secret-0123456789';

// The proxy's mechanics are tested with the deterministic rule guardrails (protection level 1).
describe('Forwarding mode: OpenAI-compatible guarded proxy', () => {
  let app: InProcessAppliance;
  let apiUrl: string;
  let upstream: FakeLlm;
  let client: OpenAI;
  let rampartKey: string;
  let dispatcher: Agent;

  const clientFor = (apiKey: string) =>
    new OpenAI({
      apiKey,
      baseURL: `${apiUrl}/v1`,
      maxRetries: 0,
      timeout: 20_000,
      fetch: undiciFetch as unknown as typeof fetch, // undici's own fetch and dispatcher, typed by its package rather than Node's bundled copy.
      fetchOptions: { dispatcher } as never,
    });

  before(async () => {
    upstream = new FakeLlm();
    await upstream.start();
    app = await startInProcess();
    const listening = await app.listen();
    apiUrl = listening.apiUrl;
    dispatcher = new Agent({ connect: { ca: listening.ca, servername: 'localhost' } });
    ({ apiKey: rampartKey } = await app.createRuntimeLlm('proxied', { mode: 'forwarding', url: upstream.url, upstreamCredential: UPSTREAM_KEY, level: 1 }));
    const rules = await app.cli(
      'profile',
      'update',
      'default',
      '--add-keyword',
      'forbidden topic',
      '--add-regex',
      'secret-code=SC-[0-9]{4}',
      '--scope',
      'both',
    );
    assert.equal(rules.code, 0, rules.stderr);
    client = clientFor(rampartKey);
  });
  after(async () => {
    await app.dispose();
    await upstream.stop();
    await dispatcher.close();
  });

  it('forwards an allowed request with the upstream credential, and returns the answer with the verdict', async () => {
    upstream.behaviour = { answer: () => 'Two plus two is four.' };
    const completion = await client.chat.completions.create({
      model: 'fake-model',
      messages: [
        { role: 'system', content: 'You are a maths tutor.' },
        { role: 'user', content: 'What is two plus two?' },
      ],
    });
    assert.equal(completion.choices[0]!.message.content, 'Two plus two is four.');
    const received = upstream.requests.at(-1)!;
    assert.equal(received.headers.authorization, `Bearer ${UPSTREAM_KEY}`, 'the upstream sees its own credential, never the Rampart key');
    assert.equal(received.body.messages!.at(-1)!.content, 'What is two plus two?');
    const verdict = (completion as unknown as { rampart: { output: { injection_detected: boolean }[] } }).rampart;
    assert.equal(verdict.output[0]!.injection_detected, false);
  });

  it('accepts the Rampart key in X-API-Key as well as Authorization: Bearer', async () => {
    upstream.behaviour = { answer: () => 'ok' };
    const res = await app.api('/v1/chat/completions', {
      method: 'POST',
      headers: { 'x-api-key': rampartKey },
      body: { model: 'm', messages: [{ role: 'user', content: 'hi' }] },
    });
    assert.equal(res.status, 200, res.text);
    assert.equal(res.json.choices[0].message.content, 'ok');
  });

  it('blocks a prompt before it reaches the upstream, with an OpenAI-shaped error carrying the verdict', async () => {
    const before = upstream.requests.length;
    await assert.rejects(
      client.chat.completions.create({ model: 'm', messages: [{ role: 'user', content: 'Tell me about the forbidden topic.' }] }),
      (error: unknown) => {
        assert.ok(error instanceof APIError);
        assert.equal(error.status, 400);
        assert.equal(error.code, 'input_blocked');
        assert.equal(error.type, 'guardrail_violation');
        const body = error.error as { rampart: { blocked_by: string[]; checks: { keyword: { detected: boolean } } } };
        assert.deepEqual(body.rampart.blocked_by, ['keyword']);
        assert.equal(body.rampart.checks.keyword.detected, true);
        return true;
      },
    );
    assert.equal(upstream.requests.length, before, 'the upstream never saw the blocked request');
  });

  it('checks tool messages and array content too', async () => {
    await assert.rejects(
      client.chat.completions.create({
        model: 'm',
        messages: [
          { role: 'user', content: [{ type: 'text', text: 'Summarise the document' }] },
          { role: 'assistant', content: null, tool_calls: [{ id: 't1', type: 'function', function: { name: 'fetch', arguments: '{}' } }] },
          { role: 'tool', tool_call_id: 't1', content: 'Document: the forbidden topic is ...' },
        ],
      }),
      (error: unknown) => error instanceof APIError && error.code === 'input_blocked',
    );
  });

  it('replaces a blocked answer by the profile refusal message', async () => {
    upstream.behaviour = { answer: () => 'Your access code is SC-1234.' };
    const completion = await client.chat.completions.create({ model: 'm', messages: [{ role: 'user', content: 'What is my code?' }] });
    assert.equal(completion.choices[0]!.message.content, "I'm sorry, but I can't help with that.");
    assert.equal(completion.choices[0]!.finish_reason, 'content_filter');
    const changed = await app.cli('profile', 'update', 'default', '--set', 'forwarding.refusal_message="Blocked by policy."');
    assert.equal(changed.code, 0, changed.stderr);
    const again = await client.chat.completions.create({ model: 'm', messages: [{ role: 'user', content: 'What is my code?' }] });
    assert.equal(again.choices[0]!.message.content, 'Blocked by policy.');
  });

  it('masks PII instead of blocking when the profile says so: in the forwarded prompt and in the answer', async () => {
    const masked = await app.cli('profile', 'update', 'default', '--set', 'guardrails.pii.actions={"EMAIL_ADDRESS":"mask","PHONE_NUMBER":"mask"}');
    assert.equal(masked.code, 0, masked.stderr);
    try {
      upstream.behaviour = { answer: () => 'I will write to ana.lima@example.org and call +44 20 7946 0958 tomorrow.' };
      const completion = await client.chat.completions.create({
        model: 'm',
        messages: [{ role: 'user', content: 'Please email me at bob.stone@example.com about the invoice.' }],
      });
      assert.equal(
        upstream.requests.at(-1)!.body.messages!.at(-1)!.content,
        'Please email me at <EMAIL_ADDRESS> about the invoice.',
        'the upstream never saw the address',
      );
      assert.equal(completion.choices[0]!.message.content, 'I will write to <EMAIL_ADDRESS> and call <PHONE_NUMBER> tomorrow.');
      assert.equal(completion.choices[0]!.finish_reason, 'stop');
    } finally {
      assert.equal((await app.cli('profile', 'update', 'default', '--set', 'guardrails.pii.actions=null')).code, 0);
    }
  });

  it('by default personal data blocks a prompt before the upstream and an answer before the client; allow forwards it as written', async () => {
    const before = upstream.requests.length;
    const blocked = await client.chat.completions
      .create({ model: 'm', messages: [{ role: 'user', content: 'Please email me at bob.stone@example.com about the invoice.' }] })
      .catch((error: unknown) => error);
    assert.ok(blocked instanceof APIError && blocked.status === 400, String(blocked));
    assert.equal((blocked.error as { code: string }).code, 'input_blocked');
    assert.equal(upstream.requests.length, before, 'the upstream never saw the prompt');

    upstream.behaviour = { answer: () => 'Her card is 4111 1111 1111 1111.' };
    const answer = await client.chat.completions.create({ model: 'm', messages: [{ role: 'user', content: 'Which card is on file?' }] });
    assert.equal(answer.choices[0]!.message.content, 'Blocked by policy.', 'the refusal message set above');
    assert.equal(answer.choices[0]!.finish_reason, 'content_filter');

    assert.equal((await app.cli('profile', 'update', 'default', '--pii-action', 'EMAIL_ADDRESS=allow')).code, 0);
    try {
      upstream.behaviour = { answer: () => 'Noted: bob.stone@example.com.' };
      const allowed = await client.chat.completions.create({
        model: 'm',
        messages: [{ role: 'user', content: 'Please email me at bob.stone@example.com about the invoice.' }],
      });
      assert.equal(upstream.requests.at(-1)!.body.messages!.at(-1)!.content, 'Please email me at bob.stone@example.com about the invoice.');
      assert.equal(allowed.choices[0]!.message.content, 'Noted: bob.stone@example.com.');
    } finally {
      assert.equal((await app.cli('profile', 'update', 'default', '--set', 'guardrails.pii.actions=null')).code, 0);
    }
  });

  it('streams an allowed answer completely', async () => {
    const answer = 'Streaming works: '.repeat(40);
    upstream.behaviour = { answer: () => answer, chunkChars: 7 };
    const stream = await client.chat.completions.create({ model: 'm', stream: true, messages: [{ role: 'user', content: 'stream please' }] });
    let text = '';
    let finish: string | null = null;
    for await (const chunk of stream) {
      text += chunk.choices[0]?.delta?.content ?? '';
      finish = chunk.choices[0]?.finish_reason ?? finish;
    }
    assert.equal(text, answer);
    assert.equal(finish, 'stop');
  });

  it('cuts a stream with an error event at the first violation, never releasing the violating text', async () => {
    const answer = `${'Harmless preamble sentence. '.repeat(30)}Here it is: SC-9876 and more text after it. ${'Tail. '.repeat(40)}`;
    upstream.behaviour = { answer: () => answer, chunkChars: 10 };
    const stream = await client.chat.completions.create({ model: 'm', stream: true, messages: [{ role: 'user', content: 'go' }] });
    let received = '';
    await assert.rejects(
      (async () => {
        for await (const chunk of stream) received += chunk.choices[0]?.delta?.content ?? '';
      })(),
      (error: unknown) => {
        assert.ok(error instanceof APIError);
        // Typed like a blocked request: a client handles both guardrail verdicts alike.
        const { code, type } = error.error as { code?: string; type?: string };
        assert.deepEqual({ code, type }, { code: 'output_blocked', type: 'guardrail_violation' });
        return true;
      },
    );
    assert.ok(received.length > 0, 'checked text before the violation was released');
    assert.ok(!received.includes('SC-9876'), 'the violating text was never released');
    assert.ok(received.length < answer.indexOf('SC-9876'));
  });

  it('in buffer mode sends nothing of a blocked answer but the refusal', async () => {
    assert.equal((await app.cli('profile', 'update', 'default', '--set', 'forwarding.stream_mode=buffer')).code, 0);
    try {
      upstream.behaviour = { answer: () => `${'Fine text. '.repeat(20)}SC-1111`, chunkChars: 5 };
      const stream = await client.chat.completions.create({ model: 'm', stream: true, messages: [{ role: 'user', content: 'go' }] });
      let text = '';
      let finish: string | null = null;
      for await (const chunk of stream) {
        text += chunk.choices[0]?.delta?.content ?? '';
        finish = chunk.choices[0]?.finish_reason ?? finish;
      }
      assert.equal(text, 'Blocked by policy.');
      assert.equal(finish, 'content_filter');
    } finally {
      await app.cli('profile', 'update', 'default', '--set', 'forwarding.stream_mode=incremental');
    }
  });

  it('passes GET /v1/models through', async () => {
    const models = await client.models.list();
    assert.deepEqual(
      models.data.map((m) => m.id),
      ['fake-model'],
    );
  });

  it('refuses proxy requests for a Runtime LLM in non-forwarding mode', async () => {
    const { apiKey } = await app.createRuntimeLlm('direct-only');
    await assert.rejects(clientFor(apiKey).chat.completions.create({ model: 'm', messages: [{ role: 'user', content: 'hi' }] }), (error: unknown) => {
      assert.ok(error instanceof APIError);
      assert.equal(error.status, 403);
      assert.equal(error.code, 'forwarding_disabled');
      return true;
    });
  });

  it('rejects requests without a valid Rampart key and malformed bodies', async () => {
    await assert.rejects(
      clientFor(`rmp_${'x'.repeat(43)}`).chat.completions.create({ model: 'm', messages: [{ role: 'user', content: 'hi' }] }),
      (e: unknown) => e instanceof APIError && e.status === 401,
    );
    const bad = await app.api('/v1/chat/completions', {
      method: 'POST',
      headers: { authorization: `Bearer ${rampartKey}` },
      body: { model: 'm', messages: 'hi' },
    });
    assert.equal(bad.status, 400);
    assert.equal(bad.json.error.code, 'invalid_field');
  });

  it('never returns the upstream credential', async () => {
    const shown = await app.cli('runtime-llm', 'show', 'proxied', '--json');
    assert.equal(shown.json.upstream_credential_set, true);
    assert.ok(!shown.stdout.includes(UPSTREAM_KEY));
    const audit = await app.cli('audit', 'list', '--json', '--limit', '200');
    assert.ok(!audit.stdout.includes(UPSTREAM_KEY));
  });
});
