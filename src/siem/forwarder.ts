import { Counter, Gauge, type Registry } from 'prom-client';
import type { Logger } from 'pino';
import { auditEventJson, checkEventJson } from '../events/event-json.ts';
import { compareAndSetSetting, readSetting } from '../store/settings.ts';
import { listAuditEventsSince } from '../store/audit.ts';
import type { CheckEvent } from '../store/check-events.ts';
import type { Store } from '../store/store.ts';
import { formatDatagram, type ForwardedEvent } from './format.ts';
import { DEFAULT_SIEM_SETTINGS, getSiemSettings, type SiemSettings } from './settings.ts';
import { UdpTransport } from './udp-transport.ts';

export interface SiemForwarderOptions {
  store: Store;
  registry: Registry;
  log: Logger;
  /** Events waiting to be sent at most; beyond it new events are dropped and counted. */
  capacity?: number;
  /** How often settings are re-read and new audit events picked up. */
  pollMs?: number;
  send?: (datagram: Buffer, host: string, port: number) => Promise<void>;
}

// Audit events are picked up from the database (they may come from the CLI, another process or node),
// with a look-back window so a row committed slightly late (or by a node with a skewed clock) is not missed.
const AUDIT_LOOKBACK_MS = 10_000;

/** The newest audit time forwarded, and the ids already forwarded within the look-back window. */
interface AuditCursor {
  time: string;
  ids: string[];
}

/**
 * Forwards check events and audit events to the configured syslog collector over UDP, one datagram
 * per event. A check only appends to a bounded in-memory queue (O(1), never waits on the network);
 * when the queue is full, events are dropped and counted in `rampart_siem_events_dropped_total`.
 */
export class SiemForwarder {
  readonly #options: Required<Omit<SiemForwarderOptions, 'send'>>;
  readonly #send: (datagram: Buffer, host: string, port: number) => Promise<void>;
  readonly #transport = new UdpTransport();
  readonly #sent: Counter;
  readonly #dropped: Counter<'reason'>;
  #settings: SiemSettings = { ...DEFAULT_SIEM_SETTINGS };
  #queue: ForwardedEvent[] = [];
  #head = 0;
  #pumping = false;
  #timer: NodeJS.Timeout | undefined;

  constructor(options: SiemForwarderOptions) {
    this.#options = { capacity: 10_000, pollMs: 1000, ...options };
    this.#send = options.send ?? ((datagram, host, port) => this.#transport.send(datagram, host, port));
    this.#sent = new Counter({ name: 'rampart_siem_events_sent_total', help: 'Events sent to the SIEM collector', registers: [options.registry] });
    this.#dropped = new Counter({
      name: 'rampart_siem_events_dropped_total',
      help: 'Events not forwarded to the SIEM: queue_full (collector slow or absent) or send_error',
      labelNames: ['reason'] as const,
      registers: [options.registry],
    });
    const queue = this;
    new Gauge({
      name: 'rampart_siem_queue_length',
      help: 'Events waiting to be sent to the SIEM',
      registers: [options.registry],
      collect() {
        this.set(queue.pending);
      },
    });
  }

  get pending(): number {
    return this.#queue.length - this.#head;
  }

  /** Loads settings and starts following the audit trail. */
  async start(): Promise<void> {
    await this.#poll();
    this.#timer = setInterval(() => void this.#poll(), this.#options.pollMs).unref();
  }

  stop(): void {
    clearInterval(this.#timer);
    this.#transport.close();
  }

  /** Called for every check as it is recorded; never blocks. */
  enqueueCheck(event: CheckEvent): void {
    if (this.#settings.enabled) this.#enqueue(checkEventJson(event));
  }

  #enqueue(event: ForwardedEvent): void {
    if (this.pending >= this.#options.capacity) {
      this.#dropped.inc({ reason: 'queue_full' });
      return;
    }
    this.#queue.push(event);
    if (!this.#pumping) void this.#pump();
  }

  async #pump(): Promise<void> {
    this.#pumping = true;
    try {
      while (this.pending > 0) {
        const event = this.#queue[this.#head]!;
        this.#head++;
        if (this.#head > 1024 && this.#head * 2 > this.#queue.length) {
          this.#queue = this.#queue.slice(this.#head);
          this.#head = 0;
        }
        const { collector, port, format } = this.#settings;
        try {
          await this.#send(formatDatagram(event, format), collector, port);
          this.#sent.inc();
        } catch {
          this.#dropped.inc({ reason: 'send_error' });
        }
      }
    } finally {
      this.#pumping = false;
    }
  }

  async #poll(): Promise<void> {
    try {
      this.#settings = await getSiemSettings(this.#options.store);
      await this.#followAudit(this.#settings.enabled);
    } catch (err) {
      this.#options.log.error({ err }, 'reading SIEM settings or audit events failed; will retry');
    }
  }

  /**
   * Picks up audit events past the shared cursor and claims them with a compare-and-set on the
   * cursor, so with several nodes on one database each audit event is forwarded exactly once (and
   * events recorded while no server ran are forwarded at the next start).
   */
  async #followAudit(forward: boolean): Promise<void> {
    const { db } = this.#options.store;
    const stored = (await readSetting(db, 'siem_audit_cursor')) as AuditCursor | undefined;
    if (!stored) {
      // First run on this database: start from now; what was recorded before is not forwarded.
      const now = new Date();
      const earlier = await listAuditEventsSince(db, new Date(now.getTime() - AUDIT_LOOKBACK_MS).toISOString());
      await compareAndSetSetting(db, 'siem_audit_cursor', undefined, { time: now.toISOString(), ids: earlier.map((row) => row.id) } satisfies AuditCursor);
      return;
    }
    const rows = await listAuditEventsSince(db, new Date(Date.parse(stored.time) - AUDIT_LOOKBACK_MS).toISOString());
    const seen = new Set(stored.ids);
    const fresh = rows.filter((row) => !seen.has(row.id));
    if (fresh.length === 0) return;
    // biome-ignore lint/complexity/useMathMinMax: ISO timestamps compare as strings; Math.max would turn them into NaN.
    const time = rows.reduce((max, row) => (row.createdAt > max ? row.createdAt : max), stored.time);
    const windowStart = new Date(Date.parse(time) - AUDIT_LOOKBACK_MS).toISOString();
    const ids = rows.filter((row) => row.createdAt >= windowStart).map((row) => row.id);
    if (!(await compareAndSetSetting(db, 'siem_audit_cursor', stored, { time, ids } satisfies AuditCursor))) return; // another node claimed them
    if (forward) for (const row of fresh) this.#enqueue(auditEventJson(row));
  }
}
