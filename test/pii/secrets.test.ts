import assert from 'node:assert/strict';
import { after, before, describe, it, test } from 'node:test';
import { PiiEngine } from '../../src/guardrails/pii/engine.ts';
import { maskValue } from '../../src/guardrails/pii/mask.ts';
import { PATTERN_RECOGNISERS } from '../../src/guardrails/pii/recognisers/index.ts';
import { signInAsAdmin, type AdminClient } from '../helpers/admin-client.ts';
import { startInProcess, type InProcessAppliance } from '../helpers/in-process.ts';
import { parseRfc5424, startRsyslog, type SyslogReceiver } from '../helpers/rsyslog.ts';
import { waitUntil } from '../helpers/wait-until.ts';

const JWT = 'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiJ0aWNrZXQtNzc4Iiwicm9sZSI6ImFnZW50In0.Qm9vS2tlZXBpbmdTaWduYXR1cmVGb3JUZXN0aW5nT25seQ';
const PEM = '-----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNzaC1rZXktdjEAAAAABG5vbmUAAAAEbm9uZQAAAAAAAAAB\n-----END OPENSSH PRIVATE KEY-----';

/** [kind, message, the secret as reported (the span masked in sanitized_message and recorded text)]. */
const SECRETS: readonly (readonly [string, string, string])[] = [
  ['AWS access key id', 'Our deploy job signs in with AKIAZ7QW3ER5TY6UI8OP today.', 'AKIAZ7QW3ER5TY6UI8OP'],
  ['AWS temporary access key id', 'The session id ASIAQ4RT6YU8IO2PA5SD expires at noon.', 'ASIAQ4RT6YU8IO2PA5SD'],
  ['AWS secret access key', 'aws_secret_access_key = Zq8vT2mK9pLx4Rw7Nc3Hb6Yf1Gd5Js0Ae8Ku2Qo7', 'Zq8vT2mK9pLx4Rw7Nc3Hb6Yf1Gd5Js0Ae8Ku2Qo7'],
  [
    'AWS secret access key (aws configure)',
    'AWS Secret Access Key [None]: Hk3Lm9Qp2Rs7Tv4Wx8Yz1Ab5Cd0Ef6Gh2Jk7Mn4P',
    'Hk3Lm9Qp2Rs7Tv4Wx8Yz1Ab5Cd0Ef6Gh2Jk7Mn4P',
  ],
  ['password=', 'mysql --user=app --password=Tr0ub4dor&3 orders', 'Tr0ub4dor&3'],
  ['passwd:', 'For the staging box, passwd: kx7!Mango22 works.', 'kx7!Mango22'],
  ['pwd', 'Server=db;Database=crm;Uid=sa;Pwd=Lake-Otter-91;', 'Lake-Otter-91'],
  ['password in JSON', '{"user": "ops", "password": "violet harbour 7"}', 'violet harbour 7'],
  ['password in prose', 'My password is Summer2024! and it stopped working.', 'Summer2024!'],
  ['PEM private key', `Here is the key:\n${PEM}\nthanks`, PEM],
  ['Slack token', 'The bot token xoxb-2048-1234567890-AbCdEfGhIjKlMnOp was revoked?', 'xoxb-2048-1234567890-AbCdEfGhIjKlMnOp'],
  ['Stripe secret key', 'Payments fail with sk_live_51Hx9QkLmN2pR7sT4vW8yZ0bC since Monday.', 'sk_live_51Hx9QkLmN2pR7sT4vW8yZ0bC'],
  ['Google API key', 'The maps widget uses AIzaSyD4k9Lm2Np7Qr1St5Uv8Wx0Yz3Ab6Cd9Ef in production.', 'AIzaSyD4k9Lm2Np7Qr1St5Uv8Wx0Yz3Ab6Cd9Ef'],
  [
    'GitHub fine-grained token',
    'CI clones with github_pat_11AB2CD3E0fGhIjKlMnOpQ_rStUvWxYz0123456789AbCdEfGhIjKlMnOpQrStUvWxYz01234567 now.',
    'github_pat_11AB2CD3E0fGhIjKlMnOpQ_rStUvWxYz0123456789AbCdEfGhIjKlMnOpQrStUvWxYz01234567',
  ],
  ['JWT', `Why is ${JWT} rejected as expired?`, JWT],
  ['PostgreSQL URL', 'DATABASE_URL=postgres://orders_app:Vq9xmR2k@db.internal:5432/orders', 'orders_app:Vq9xmR2k@db.internal'],
  ['MySQL URL', 'connect to mysql://root:hunter22@10.0.0.5/app and list tables', 'root:hunter22@10.0.0.5'],
  ['MongoDB URL', 'The worker connects with mongodb+srv://svc:Pz7Kq1Lm@cluster0.mongodb.net/test at start.', 'svc:Pz7Kq1Lm@cluster0.mongodb.net'],
  ['Redis URL', 'REDIS_URL=redis://:Rk82jd0s@cache:6379/0', ':Rk82jd0s@cache'],
  ['AMQP URL', 'broker = amqps://billing:Wq4!zT9p@mq.internal:5671/%2f', 'billing:Wq4!zT9p@mq.internal'],
];

/** Texts that look like credentials and are not. */
const NEAR_MISSES: readonly string[] = [
  'Enter your password to continue.',
  'Forgot your password? Reset it from the sign-in page.',
  'password=<your password>',
  'password: ********',
  'Password: required',
  'the password is wrong again',
  'password = os.environ["DB_PASSWORD"]',
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a shell placeholder is the text under test
  'password=${DB_PASSWORD}',
  'aws_secret_access_key = wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY',
  'The sha256 of the file is 9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08.',
  'Revert commit a3f9c2e1b7d4e6f8091a2b3c4d5e6f708192a3b4 please.',
  'Ticket 5b7d2c1e-8f3a-4c6b-9d2e-1a7f3b9c4e6d was closed.',
  'The attachment is bWVldGluZyBub3RlcyBmb3IgdGhlIHNwcmluZyBwbGFubmluZyBzZXNzaW9uLCByb29tIGZvdXI= in base64.',
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9 is only a JWT header',
  'postgres://db.internal:5432/orders',
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a shell placeholder is the text under test
  'postgres://app:${DB_PASSWORD}@db.internal:5432/orders',
  'redis://<user>:<password>@cache:6379',
  'Use a key that starts with sk_live_ in production.',
];

test('every kind of secret is found, with exactly the secret as its span', () => {
  const engine = new PiiEngine(PATTERN_RECOGNISERS, [], 0.5);
  for (const [kind, message, value] of SECRETS) {
    const found = engine.scan(message).map((e) => [e.type, message.slice(e.start, e.end)]);
    assert.deepEqual(found, [['SECRET', value]], kind);
  }
});

test('near misses are not secrets', () => {
  const engine = new PiiEngine(PATTERN_RECOGNISERS, [], 0.5);
  for (const text of NEAR_MISSES) assert.deepEqual(engine.scan(text), [], text);
});

test("a secret's masked rendering names its kind and shows nothing of the secret", () => {
  assert.equal(maskValue('SECRET', 'AKIAZ7QW3ER5TY6UI8OP'), 'AKIA************');
  assert.equal(maskValue('SECRET', 'sk_live_51Hx9QkLmN2pR7sT4vW8yZ0bC'), 'sk_live_************');
  assert.equal(maskValue('SECRET', 'Tr0ub4dor&3'), '***********');
  assert.equal(maskValue('SECRET', 'kx7!'), '****');
  assert.equal(maskValue('SECRET', PEM), '-----BEGIN OPENSSH PRIVATE KEY-----************');
});

describe('secrets never reach a stored event, a SIEM line or the log raw', () => {
  let app: InProcessAppliance;
  let syslog: SyslogReceiver;
  let admin: AdminClient;
  let apiKey: string;
  before(async () => {
    [app, syslog] = await Promise.all([startInProcess(), startRsyslog()]);
    // Listening, it follows the CLI's changes (the SIEM settings) between requests, as a server does.
    await app.listen();
    admin = await signInAsAdmin(app);
    for (const [, , value] of SECRETS) app.rememberSecret(value);
    assert.equal((await app.cli('profile', 'create', '--name', 'recording')).code, 0);
    assert.equal((await app.cli('profile', 'update', 'recording', '--set', 'record_message_text=true')).code, 0);
    apiKey = (await app.createRuntimeLlm('secrets-app', { profile: 'recording', level: 1 })).apiKey;
    const siem = await app.cli('siem', 'set', '--collector', '127.0.0.1', '--port', String(syslog.port), '--format', 'json', '--enable');
    assert.equal(siem.code, 0, siem.stderr);
    await syslog.waitFor((l) => l.some((x) => x.includes('siem.update')), 'the siem.update audit event');
  });
  // dispose() fails if a remembered secret appears in the appliance's log.
  after(async () => {
    await Promise.all([app.dispose(), syslog.stop()]);
  });

  for (const [kind, message, value] of SECRETS) {
    it(`${kind}: blocked, masked in sanitized_message, the stored check event and the SIEM line`, async () => {
      const res = await app.inputCheck(apiKey, { message });
      assert.equal(res.status, 200, res.text);
      assert.deepEqual(res.json.blocked_by, ['pii']);
      const masked = message.replace(value, '<SECRET>');
      assert.equal(res.json.sanitized_message, masked);
      assert.ok(!res.text.includes(value), 'the response never echoes the secret');

      const requestId = res.json.request_id as string;
      const lines = await syslog.waitFor((l) => l.some((x) => x.includes(requestId)), `the SIEM line of ${kind}`);
      const forwarded = JSON.parse(parseRfc5424(lines.find((x) => x.includes(requestId))!)!.msg);
      assert.equal(forwarded.message_text, masked);
      assert.ok(!syslog.lines().join('\n').includes(value), 'no SIEM line holds the secret');

      // Events reach the SIEM as they are queued and the database a batch later.
      const stored = await waitUntil('the stored check event', async () => {
        const page = await admin.request('/api/events?limit=200');
        return page.text.includes(requestId) ? page : undefined;
      });
      const event = (stored.json.events as { request_id: string; message_text: string }[]).find((e) => e.request_id === requestId)!;
      assert.equal(event.message_text, masked);
      assert.ok(!stored.text.includes(value), 'no stored event holds the secret');
    });
  }
});
