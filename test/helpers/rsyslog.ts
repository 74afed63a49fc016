import { spawn, type ChildProcess } from 'node:child_process';
import { createSocket } from 'node:dgram';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { waitUntil } from './wait-until.ts';

/** A real syslog receiver: Debian's rsyslogd on a loopback UDP port, writing each raw message to a file. */
export interface SyslogReceiver {
  port: number;
  /** Raw datagrams received so far (one per line). */
  lines(): string[];
  /**
   * Waits until `predicate` holds for the received lines (or fails after `ms`); `resend`, when given,
   * runs before each look, for what may be sent too early to be forwarded.
   */
  waitFor(predicate: (lines: string[]) => boolean, what: string, ms?: number, resend?: () => Promise<unknown>): Promise<string[]>;
  stop(): Promise<void>;
}

function freeUdpPort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const socket = createSocket('udp4');
    socket.once('error', reject);
    socket.bind(0, '127.0.0.1', () => {
      const { port } = socket.address();
      socket.close(() => resolve(port));
    });
  });
}

function send(port: number, text: string): Promise<void> {
  const socket = createSocket('udp4');
  return new Promise((resolve) => socket.send(Buffer.from(text), port, '127.0.0.1', () => socket.close(() => resolve())));
}

export async function startRsyslog(): Promise<SyslogReceiver> {
  const dir = mkdtempSync(join(tmpdir(), 'rampart-rsyslog-'));
  const output = join(dir, 'received.log');
  const port = await freeUdpPort();
  writeFileSync(
    join(dir, 'rsyslog.conf'),
    `global(workDirectory="${dir}")
module(load="imudp")
template(name="raw" type="string" string="%rawmsg%\\n")
ruleset(name="collect") { action(type="omfile" file="${output}" template="raw") }
input(type="imudp" address="127.0.0.1" port="${port}" ruleset="collect")
`,
  );
  const child: ChildProcess = spawn('/usr/sbin/rsyslogd', ['-n', '-f', join(dir, 'rsyslog.conf'), '-i', join(dir, 'rsyslogd.pid')], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr!.on('data', (c: Buffer) => (stderr += c.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));

  // rsyslog may be mid-write: only lines ended by a newline are complete.
  const lines = () => (existsSync(output) ? readFileSync(output, 'utf8').split('\n').slice(0, -1).filter(Boolean) : []);
  const received = (what: string, predicate: (l: string[]) => boolean, probe: () => Promise<unknown> = async () => {}, timeoutMs = 20_000) =>
    waitUntil(
      what,
      async () => {
        if (child.exitCode !== null) throw new Error(`rsyslogd exited while waiting for ${what}: ${stderr}`);
        await probe();
        const current = lines();
        return predicate(current) && current;
      },
      { timeoutMs, intervalMs: 100, state: () => `the syslog receiver got ${lines().length} line(s):\n${lines().slice(-5).join('\n')}` },
    );
  const waitFor = (predicate: (l: string[]) => boolean, what: string, ms?: number, resend?: () => Promise<unknown>) => received(what, predicate, resend, ms);
  // Ready once a probe sent to the port comes out in the file (UDP: a probe sent too early is lost, so send again).
  let n = 0;
  await received(
    'rsyslogd to receive a probe',
    (l) => l.some((x) => x.includes('rampart-test-probe')),
    () => send(port, `<14>1 - - test - - - rampart-test-probe ${n++}`),
  );
  return {
    port,
    lines,
    waitFor,
    async stop() {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * The parts of an RFC 5424 message: `<PRI>1 TIMESTAMP HOST APP PROCID MSGID SD MSG`; `bom` tells
 * whether MSG started with the UTF-8 byte order mark (§6.4), which `msg` leaves out.
 */
export function parseRfc5424(line: string) {
  const match = /^<(\d+)>1 (\S+) (\S+) (\S+) (\S+) (\S+) (-|\[.*?\]) (\uFEFF?)(.*)$/.exec(line);
  if (!match) return undefined;
  const [, pri, timestamp, host, app, procid, msgid, sd, bom, msg] = match;
  return {
    facility: Math.floor(Number(pri) / 8),
    severity: Number(pri) % 8,
    timestamp: timestamp!,
    host: host!,
    app: app!,
    procid: procid!,
    msgid: msgid!,
    sd: sd!,
    bom: bom === '\uFEFF',
    msg: msg!,
  };
}

/** Parses `CEF:0|Vendor|Product|Version|SignatureId|Name|Severity|k=v k=v` (with CEF escaping). */
export function parseCef(text: string) {
  const header: string[] = [];
  let i = 0;
  let field = '';
  while (header.length < 7 && i < text.length) {
    const c = text[i]!;
    if (c === '\\' && i + 1 < text.length) {
      field += text[i + 1];
      i += 2;
    } else if (c === '|') {
      header.push(field);
      field = '';
      i++;
    } else {
      field += c;
      i++;
    }
  }
  const rest = text.slice(i);
  const extensions: Record<string, string> = {};
  // Keys are words followed by an unescaped '='; a value runs until the next such key.
  const keyPattern = /(?:^| )([A-Za-z0-9]+)=/g;
  const keys: { key: string; start: number; valueStart: number }[] = [];
  for (let m = keyPattern.exec(rest); m; m = keyPattern.exec(rest)) {
    if (m.index > 0 && rest[m.index - 1] === '\\') continue;
    keys.push({ key: m[1]!, start: m.index, valueStart: m.index + m[0].length });
  }
  keys.forEach((k, n) => {
    const raw = rest.slice(k.valueStart, n + 1 < keys.length ? keys[n + 1]!.start : rest.length);
    extensions[k.key] = raw.replace(/\\n/g, '\n').replace(/\\r/g, '\r').replace(/\\=/g, '=').replace(/\\\\/g, '\\');
  });
  const [version, vendor, product, deviceVersion, signatureId, name, severity] = header;
  return { version, vendor, product, deviceVersion, signatureId, name, severity: Number(severity), extensions };
}
