import { readFileSync } from 'node:fs';
import type { Command } from 'commander';
import { BOOTSTRAP_USERNAME, resetPassword } from '../auth/accounts.ts';
import { PasswordPolicy } from '../auth/passwords.ts';
import { getSsoSettings, ssoSettingsJson, updateSsoSettings, type SsoSettingsJson } from '../auth/sso-settings.ts';
import { AppError } from '../errors.ts';
import { listAdminUsers } from '../store/admin-users.ts';
import { cliActor, printJson, printTable, withDataDirOption, withStore } from './context.ts';

interface AdminFlags {
  dataDir?: string;
  json?: boolean;
  username?: string;
  passwordStdin?: boolean;
}

interface SsoFlags {
  dataDir?: string;
  json?: boolean;
  issuer?: string;
  clientId?: string;
  clientSecretFile?: string;
  redirectUrl?: string;
  roleClaim?: string;
  adminValue?: string[];
  usernameClaim?: string;
  enable?: boolean;
  disable?: boolean;
}

function printSso(settings: SsoSettingsJson, json?: boolean): void {
  if (json) printJson(settings);
  else
    printTable(
      [{ ...settings, enabled: settings.enabled ? 'on' : 'off', admin_values: settings.admin_values.join(',') }],
      ['enabled', 'issuer', 'client_id', 'redirect_url', 'role_claim', 'admin_values', 'client_secret_set'],
    );
}

/** Administrator accounts (recovery) and single sign-on, headless. */
export function registerAdminCommands(program: Command): void {
  const group = program.command('admin').description('dashboard administrators: password recovery, accounts, single sign-on');

  withDataDirOption(
    group
      .command('reset-password')
      .description('set a new password for an administrator (created if missing), unlock it and end its sessions')
      .option('--username <name>', `account (default ${BOOTSTRAP_USERNAME})`)
      .option('--password-stdin', 'read the new password from standard input instead of generating one (no forced change)')
      .option('--json', 'print JSON'),
  ).action(async (flags: AdminFlags) => {
    const username = flags.username ?? BOOTSTRAP_USERNAME;
    const password = flags.passwordStdin ? readFileSync(0, 'utf8').replace(/\r?\n$/, '') : undefined;
    const result = await withStore(flags, (store, { dataDir }) =>
      resetPassword(store, dataDir, cliActor(), new PasswordPolicy(), password === undefined ? { username } : { username, password }),
    );
    if (flags.json) printJson({ username, created: result.created, password_file: result.passwordFile, must_change_password: result.passwordFile !== null });
    else if (result.passwordFile)
      process.stdout.write(
        `new password for ${username} written to ${result.passwordFile} (readable by its owner only); it must be changed at the next sign-in\n`,
      );
    else process.stdout.write(`password for ${username} set\n`);
  });

  withDataDirOption(group.command('list').description('list local administrator accounts').option('--json', 'print JSON')).action(async (flags: AdminFlags) => {
    const users = await withStore(flags, (store) => listAdminUsers(store.db));
    const rows = users.map((u) => ({
      username: u.username,
      must_change_password: u.mustChangePassword,
      locked_until: u.lockedUntil,
      created_at: u.createdAt,
    }));
    if (flags.json) printJson(rows);
    else printTable(rows, ['username', 'must_change_password', 'locked_until', 'created_at']);
  });

  const sso = group.command('sso').description('single sign-on through an OpenID Connect provider (the local admin stays for emergencies)');
  withDataDirOption(sso.command('show').description('show single sign-on settings').option('--json', 'print JSON')).action(async (flags: SsoFlags) => {
    printSso(await withStore(flags, async (store, { dataDir }) => ssoSettingsJson(await getSsoSettings(store), dataDir)), flags.json);
  });
  withDataDirOption(
    sso
      .command('set')
      .description('change single sign-on; options left out keep their values')
      .option('--issuer <url>', 'issuer URL of the identity provider (https)')
      .option('--client-id <id>', 'client id registered at the provider')
      .option('--client-secret-file <file>', 'file holding the client secret (stored in an owner-only file of the data directory)')
      .option('--redirect-url <url>', 'https://<dashboard host>:3000/api/auth/oidc/callback, as registered at the provider')
      .option('--role-claim <claim>', 'claim holding groups or roles (default groups)')
      .option('--admin-value <value...>', 'role claim values that grant the admin role (default rampart-admins)')
      .option('--username-claim <claim>', 'claim used as the administrator name (default email)')
      .option('--enable', 'switch single sign-on on')
      .option('--disable', 'switch single sign-on off')
      .option('--json', 'print JSON'),
  ).action(async (flags: SsoFlags) => {
    if (flags.enable && flags.disable) throw new AppError('invalid_field', 'The --enable and --disable flags exclude each other.');
    const input: Record<string, unknown> = {};
    if (flags.issuer !== undefined) input.issuer = flags.issuer;
    if (flags.clientId !== undefined) input.client_id = flags.clientId;
    if (flags.clientSecretFile !== undefined) input.client_secret = readFileSync(flags.clientSecretFile, 'utf8').trim();
    if (flags.redirectUrl !== undefined) input.redirect_url = flags.redirectUrl;
    if (flags.roleClaim !== undefined) input.role_claim = flags.roleClaim;
    if (flags.adminValue !== undefined)
      input.admin_values = flags.adminValue
        .flatMap((v) => v.split(','))
        .map((v) => v.trim())
        .filter(Boolean);
    if (flags.usernameClaim !== undefined) input.username_claim = flags.usernameClaim;
    if (flags.enable) input.enabled = true;
    if (flags.disable) input.enabled = false;
    printSso(
      await withStore(flags, async (store, { dataDir }) => ssoSettingsJson(await updateSsoSettings(store, dataDir, cliActor(), input), dataDir)),
      flags.json,
    );
  });
}
