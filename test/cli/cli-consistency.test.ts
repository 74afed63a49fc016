import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { after, before, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { REPO_ROOT, runCli } from '../helpers/cli.ts';
import { startInProcess, type InProcessAppliance } from '../helpers/in-process.ts';

const BIN = fileURLToPath(new URL('../../bin/rampart.js', import.meta.url));

/**
 * Runs the CLI at a terminal (a pseudo-terminal made by util-linux's `script`), typing `answer` at
 * its prompt; resolves to its exit code and what the terminal showed.
 */
function atTerminal(args: readonly string[], env: Record<string, string>, answer: string): Promise<{ code: number; output: string }> {
  const command = [process.execPath, BIN, ...args].map((a) => `'${a.replaceAll("'", "'\\''")}'`).join(' ');
  return new Promise((resolve) => {
    const child = execFile('script', ['-qec', command, '/dev/null'], { env: { ...process.env, ...env }, cwd: REPO_ROOT }, (error, stdout) =>
      resolve({ code: error ? Number(error.code ?? 1) : 0, output: stdout }),
    );
    child.stdin?.end(`${answer}\n`);
  });
}

/** The CLI names things the way the dashboard does, refuses what it cannot do, and asks before deleting. */
describe('CLI consistency', () => {
  let app: InProcessAppliance;
  let shopId: string;

  before(async () => {
    app = await startInProcess();
    let apiKey: string;
    ({ id: shopId, apiKey } = await app.createRuntimeLlm('shop-assistant'));
    await app.createRuntimeLlm('help-desk');
    const checked = [await app.inputCheck(apiKey, { message: 'Where is my parcel?' }), await app.inputCheck(apiKey, { message: 'And the invoice?' })];
    for (const response of checked) await app.checkEvent(response.json.request_id);
  });
  after(() => app.dispose());

  it('takes a Runtime LLM by name wherever it takes its id: events list shows its events, by name', async () => {
    const byName = await app.cli('events', 'list', '--runtime-llm', 'shop-assistant');
    assert.equal(byName.code, 0, byName.stderr);
    const rows = byName.stdout.trim().split('\n').slice(1);
    assert.equal(rows.length, 2, byName.stdout);
    for (const row of rows) assert.match(row, /^evt_\S+\s+\S+\s+shop-assistant\s+input\s+allowed\b/);
    const byId = await app.cli('events', 'list', '--runtime-llm', shopId, '--json');
    assert.deepEqual(
      byId.json.map((e: { id: string }) => e.id),
      (await app.cli('events', 'list', '--runtime-llm', 'shop-assistant', '--json')).json.map((e: { id: string }) => e.id),
    );
    assert.equal((await app.cli('events', 'list', '--runtime-llm', 'help-desk', '--json')).json.length, 0);
    const unknown = await app.cli('events', 'list', '--runtime-llm', 'no-such-app');
    assert.equal(unknown.code, 1);
    assert.equal(unknown.stderr.trim(), 'Error: Runtime LLM "no-such-app" does not exist.');
    for (const args of [
      ['runtime-llm', 'show', 'shop-assistant'],
      ['key', 'regenerate', 'help-desk', '--json'],
      ['profile', 'show', 'default'],
      ['profile', 'show', 'prf_default'],
    ]) {
      const result = await app.cli(...args);
      assert.equal(result.code, 0, `${args.join(' ')}: ${result.stderr}`);
    }
  });

  it('refuses a --since it cannot read, instead of printing an empty table', async () => {
    for (const since of ['yesterday', 'foo 12', '-5', '7x', '2026-13-45']) {
      const result = await app.cli('events', 'list', '--since', since);
      assert.equal(result.code, 1, since);
      assert.equal(result.stdout, '');
      assert.equal(
        result.stderr.trim(),
        `Error: The --since flag must be a duration such as 30m, 24h or 7d, or an ISO 8601 time; got ${JSON.stringify(since)}.`,
      );
    }
    assert.equal((await app.cli('events', 'list', '--since', '1h', '--json')).json.length, 2);
    assert.equal((await app.cli('events', 'list', '--since', '2999-01-01T00:00:00Z', '--json')).json.length, 0);
  });

  it('lists names next to ids', async () => {
    const llms = await app.cli('runtime-llm', 'list');
    const [header, ...rows] = llms.stdout.trim().split('\n');
    assert.match(header!, /^ID\s+NAME\s+MODE\s+LEVEL\s+PROFILE\s+PROFILE_ID\b/);
    assert.ok(
      rows.some((r) => /^llm_\S+\s+shop-assistant\s+non-forwarding\s+3\s+default\s+prf_default\b/.test(r)),
      llms.stdout,
    );
    const events = await app.cli('events', 'list');
    assert.match(events.stdout.split('\n')[0]!, /^ID\s+TIME\s+RUNTIME_LLM\b/);
  });

  it('says which setting a --set names and what it allows', async () => {
    const cases: [string, string | RegExp][] = [
      ['on_error=maybe', 'Error: Profile setting on_error must be one of "block", "allow"; got "maybe".'],
      ['record_message_text=yes', 'Error: Profile setting record_message_text must be true or false; got "yes".'],
      ['guardrails.vector.sensitivity=low', 'Error: Profile setting guardrails.vector.sensitivity must be one of "Low", "Medium", "High"; got "low".'],
      ['guardrails.llm.threshold=2', 'Error: Profile setting guardrails.llm.threshold must be a number from 0 to 1; got 2.'],
      [
        'guardrails.llm.treshold=0.5',
        /^Error: Profile setting guardrails\.llm\.treshold does not exist; the settings of guardrails\.llm are enabled, monitor, threshold, .*\.$/,
      ],
    ];
    for (const [assignment, message] of cases) {
      const result = await app.cli('profile', 'update', 'default', '--set', assignment);
      assert.equal(result.code, 1, assignment);
      if (typeof message === 'string') assert.equal(result.stderr.trim(), message);
      else assert.match(result.stderr.trim(), message);
    }
  });

  it('shows record_message_text in profile show', async () => {
    assert.match((await app.cli('profile', 'show', 'default')).stdout, /^record_message_text: false \(/m);
    assert.equal((await app.cli('profile', 'update', 'default', '--set', 'record_message_text=true')).code, 0);
    assert.match((await app.cli('profile', 'show', 'default')).stdout, /^record_message_text: true \(check events keep the message text, PII masked\)$/m);
    assert.equal((await app.cli('profile', 'show', 'default', '--json')).json.settings.record_message_text, true);
    assert.equal((await app.cli('profile', 'update', 'default', '--set', 'record_message_text=false')).code, 0);
  });

  it('names no create-time default in update help, and says plainly what events hold', async () => {
    for (const command of ['runtime-llm', 'backend']) {
      const create = await runCli([command, 'create', '--help']);
      const update = await runCli([command, 'update', '--help']);
      assert.match(create.stdout, /\(default \d/, `${command} create names its defaults`);
      const defaults = update.stdout.split('\n').filter((line) => /\(default/.test(line) && !/--data-dir/.test(line));
      assert.deepEqual(defaults, [], `${command} update --help`);
      assert.match(update.stdout, /left out keep their values/);
    }
    const help = (await runCli(['--help'])).stdout.replace(/\s+/g, ' ');
    assert.match(help, /events check events: verdict, scores and timing of every check; message text only when the profile records it \(PII masked\)/);
    assert.doesNotMatch(help, /never the message text/);
  });

  it('asks before deleting at a terminal, and refuses without --yes anywhere else', async () => {
    const { id } = await app.createRuntimeLlm('doomed');
    const refused = await app.cli('runtime-llm', 'delete', 'doomed');
    assert.equal(refused.code, 1);
    assert.equal(
      refused.stderr.trim(),
      `Error: Not confirmed, so nothing was changed: standard input is not a terminal. Add --yes to delete Runtime LLM "doomed" (${id}).`,
    );
    assert.equal((await app.cli('runtime-llm', 'show', 'doomed')).code, 0, 'still there');

    const declined = await atTerminal(['runtime-llm', 'delete', 'doomed', '--data-dir', app.dataDir], app.env, 'n');
    assert.equal(declined.code, 1);
    assert.match(declined.output, /Delete Runtime LLM "doomed" \(llm_\S+\)\? Its API key stops working at once\. \[y\/N\]/);
    assert.equal((await app.cli('runtime-llm', 'show', 'doomed')).code, 0, 'still there after "n"');
    const confirmed = await atTerminal(['runtime-llm', 'delete', 'doomed', '--data-dir', app.dataDir], app.env, 'y');
    assert.equal(confirmed.code, 0, confirmed.output);
    assert.equal((await app.cli('runtime-llm', 'show', 'doomed')).code, 1, 'deleted after "y"');

    assert.equal((await app.cli('profile', 'create', '--name', 'scratch')).code, 0);
    const profile = await app.cli('profile', 'delete', 'scratch');
    assert.equal(profile.code, 1);
    assert.match(profile.stderr, /Add --yes to delete security profile "scratch"/);
    const deleted = await app.cli('profile', 'delete', 'scratch', '--yes', '--json');
    assert.equal(deleted.code, 0, deleted.stderr);
    assert.equal(deleted.json.name, 'scratch');
    // A profile in use is refused before anything is asked.
    const inUse = await app.cli('profile', 'delete', 'default', '--yes');
    assert.equal(inUse.code, 1);
    assert.match(inUse.stderr, /is used by 2 Runtime LLMs; give them another profile first\./);
  });
});
