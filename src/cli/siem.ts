import type { Command } from 'commander';
import { AppError } from '../errors.ts';
import { getSiemSettings, siemSettingsJson, updateSiemSettings, type SiemSettings, type SiemSettingsInput } from '../siem/settings.ts';
import { sendSiemTestEvent } from '../siem/test-event.ts';
import { cliActor, printJson, printTable, withDataDirOption, withStore } from './context.ts';

interface SiemFlags {
  dataDir?: string;
  json?: boolean;
  collector?: string;
  port?: string;
  format?: string;
  enable?: boolean;
  disable?: boolean;
}

function print(settings: SiemSettings, json: boolean | undefined): void {
  if (json) printJson(siemSettingsJson(settings));
  else printTable([{ ...siemSettingsJson(settings), enabled: settings.enabled ? 'on' : 'off' }], ['enabled', 'collector', 'port', 'format']);
}

/** Settings → SIEM Integration, headless. */
export function registerSiemCommands(program: Command): void {
  const group = program.command('siem').description('SIEM forwarding: events as RFC 5424 syslog (CEF or JSON) over UDP');

  withDataDirOption(group.command('show').description('show the SIEM forwarding settings').option('--json', 'print JSON')).action(async (flags: SiemFlags) => {
    print(await withStore(flags, getSiemSettings), flags.json);
  });

  withDataDirOption(
    group
      .command('set')
      .description('change SIEM forwarding; options left out keep their values')
      .option('--collector <ip>', 'IPv4 or IPv6 address of the syslog collector')
      .option('--port <port>', 'UDP port of the collector (default 514)')
      .option('--format <format>', 'cef (default) or json')
      .option('--enable', 'switch forwarding on')
      .option('--disable', 'switch forwarding off')
      .option('--json', 'print JSON'),
  ).action(async (flags: SiemFlags) => {
    if (flags.enable && flags.disable) throw new AppError('invalid_field', 'The --enable and --disable flags exclude each other.');
    const input: SiemSettingsInput = {};
    if (flags.collector !== undefined) input.collector = flags.collector;
    if (flags.port !== undefined) input.port = /^\d+$/.test(flags.port) ? Number(flags.port) : flags.port;
    if (flags.format !== undefined) input.format = flags.format;
    if (flags.enable) input.enabled = true;
    if (flags.disable) input.enabled = false;
    print(await withStore(flags, (store) => updateSiemSettings(store, cliActor(), input)), flags.json);
  });

  withDataDirOption(group.command('test').description('send one test event to the configured collector now').option('--json', 'print JSON')).action(
    async (flags: SiemFlags) => {
      const result = await withStore(flags, (store) => sendSiemTestEvent(store, cliActor()));
      if (flags.json)
        printJson({ sent: true, event_id: result.event.id, collector: result.collector, port: result.port, format: result.format, bytes: result.bytes });
      else
        process.stdout.write(
          `sent test event ${result.event.id} to ${result.collector}:${result.port} (${result.format}, ${result.bytes} bytes); check the collector\n`,
        );
    },
  );
}
