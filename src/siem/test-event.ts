import type { Actor } from '../domain/actor.ts';
import { AppError } from '../errors.ts';
import { newId, nowIso } from '../ids.ts';
import { recordAudit } from '../store/audit.ts';
import type { Store } from '../store/store.ts';
import { formatDatagram, type TestEventJson } from './format.ts';
import { getSiemSettings, type SiemFormat } from './settings.ts';
import { UdpTransport } from './udp-transport.ts';

/**
 * "Send test event": one datagram to the configured collector right now, whether forwarding is on
 * or not, so an operator can check the path before switching it on. UDP has no receipt, so success
 * means "sent"; the collector shows whether it arrived.
 */
export async function sendSiemTestEvent(
  store: Store,
  actor: Actor,
): Promise<{ event: TestEventJson; collector: string; port: number; format: SiemFormat; bytes: number }> {
  const settings = await getSiemSettings(store);
  if (settings.collector === '') throw new AppError('invalid_field', 'No SIEM collector is configured; set its address and port first.');
  const event: TestEventJson = { kind: 'test', id: newId('evt'), time: nowIso(), actor: actor.id };
  const datagram = formatDatagram(event, settings.format);
  const transport = new UdpTransport();
  try {
    await transport.send(datagram, settings.collector, settings.port);
  } catch (error) {
    throw new AppError('unavailable', `Sending to ${settings.collector}:${settings.port} failed: ${error instanceof Error ? error.message : String(error)}.`, {
      cause: error,
    });
  } finally {
    transport.close();
  }
  await recordAudit(store.db, {
    actor: actor.id,
    action: 'siem.test',
    targetType: 'settings',
    targetId: 'siem',
    details: { event_id: event.id, collector: settings.collector, port: settings.port },
  });
  return { event, collector: settings.collector, port: settings.port, format: settings.format, bytes: datagram.length };
}
