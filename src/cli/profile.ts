import type { Command } from 'commander';
import {
  addKeywordRule,
  addRegexRule,
  createProfile,
  deleteProfile,
  getProfile,
  listSecurityProfiles,
  removeRule,
  requireDeletableProfile,
  updateProfileSettings,
  type SecurityProfile,
} from '../admin/profiles.ts';
import { replayProfile, type ReplayReport } from '../admin/replay.ts';
import { GUARDRAILS, GUARDRAIL_NAMES, LEVEL_GUARDRAILS, type GuardrailName } from '../guardrails/registry.ts';
import { AppError } from '../errors.ts';
import { createLogger } from '../server/logger.ts';
import { loadGuardrails } from '../guardrails/load.ts';
import { PROTECTION_LEVELS } from '../domain/protection.ts';
import { ENTITY_TYPES, isEntityType, type EntityType } from '../guardrails/pii/entities.ts';
import { PII_ACTIONS, piiActionNamed, type PiiAction } from '../guardrails/pii/settings.ts';
import { compilePattern } from '../guardrails/regex/pattern.ts';
import { profileJson } from '../admin/json.ts';
import { ThreatVectorRepository } from '../store/threat-vectors.ts';
import { confirmOrRefuse, withYesOption } from './confirm.ts';
import { cliActor, modelLibrary, printJson, printTable, withDataDirOption, withProfileBackends, withStore } from './context.ts';

interface UpdateFlags {
  dataDir?: string;
  json?: boolean;
  enable?: string[];
  monitor?: string[];
  disable?: string[];
  followLevel?: string[];
  llmThreshold?: string;
  vectorSensitivity?: string;
  onError?: string;
  set?: string[];
  piiAction?: string[];
  addKeyword?: string[];
  partialMatch?: boolean;
  addRegex?: string[];
  caseInsensitive?: boolean;
  scope?: string;
  removeRule?: string[];
}

/** Accepts repeated and comma-separated values: `--enable llm,pii --enable vector`. */
function guardrailNames(values: string[] | undefined): GuardrailName[] {
  const names = (values ?? [])
    .flatMap((v) => v.split(','))
    .map((v) => v.trim())
    .filter(Boolean);
  for (const name of names) {
    if (!GUARDRAIL_NAMES.includes(name as GuardrailName)) {
      throw new AppError('invalid_field', `Unknown guardrail ${JSON.stringify(name)}; one of ${GUARDRAIL_NAMES.join(', ')}.`);
    }
  }
  return names as GuardrailName[];
}

function setPath(target: Record<string, unknown>, path: string, value: unknown): void {
  const parts = path.split('.');
  let node = target;
  for (const part of parts.slice(0, -1)) {
    const next = node[part];
    node = typeof next === 'object' && next !== null ? (next as Record<string, unknown>) : (node[part] = {});
  }
  node[parts[parts.length - 1]!] = value;
}

/** The four positions of a guardrail's switch, as `enabled` and `monitor` settings (null = default). */
const SWITCH_POSITIONS = {
  enable: { enabled: true, monitor: null },
  monitor: { enabled: true, monitor: true },
  disable: { enabled: false, monitor: null },
  followLevel: { enabled: null, monitor: null },
} as const;

/** Builds the settings merge patch from the flags. */
function settingsPatch(flags: UpdateFlags): Record<string, unknown> {
  const patch: Record<string, unknown> = {};
  const switched = new Set<GuardrailName>();
  for (const position of Object.keys(SWITCH_POSITIONS) as (keyof typeof SWITCH_POSITIONS)[]) {
    for (const name of guardrailNames(flags[position])) {
      if (switched.has(name)) throw new AppError('invalid_field', `Guardrail ${name} is given more than one switch position.`);
      switched.add(name);
      setPath(patch, `guardrails.${name}.enabled`, SWITCH_POSITIONS[position].enabled);
      setPath(patch, `guardrails.${name}.monitor`, SWITCH_POSITIONS[position].monitor);
    }
  }
  if (flags.llmThreshold !== undefined) {
    const threshold = Number(flags.llmThreshold);
    if (flags.llmThreshold.trim() === '' || !Number.isFinite(threshold))
      throw new AppError('invalid_field', 'The --llm-threshold flag must be a number from 0 to 1.');
    setPath(patch, 'guardrails.llm.threshold', threshold);
  }
  if (flags.vectorSensitivity !== undefined) setPath(patch, 'guardrails.vector.sensitivity', flags.vectorSensitivity);
  if (flags.onError !== undefined) patch.on_error = flags.onError;
  for (const [type, action] of piiActions(flags.piiAction)) setPath(patch, `guardrails.pii.actions.${type}`, action);
  for (const assignment of flags.set ?? []) {
    const eq = assignment.indexOf('=');
    if (eq <= 0) throw new AppError('invalid_field', `The --set flag expects path=value, got ${JSON.stringify(assignment)}.`);
    const raw = assignment.slice(eq + 1);
    let value: unknown;
    try {
      value = JSON.parse(raw);
    } catch {
      value = raw; // a bare word is a string
    }
    setPath(patch, assignment.slice(0, eq), value);
  }
  return patch;
}

/** `--pii-action PERSON=mask,EMAIL_ADDRESS=allow`; `TYPE=default` goes back to the default action (block). */
function piiActions(values: string[] | undefined): [EntityType, PiiAction | null][] {
  return (values ?? [])
    .flatMap((v) => v.split(','))
    .map((v) => v.trim())
    .filter(Boolean)
    .map((assignment) => {
      const [type = '', name = ''] = assignment.split('=').map((part) => part.trim());
      if (!isEntityType(type))
        throw new AppError(
          'invalid_field',
          `The --pii-action flag expects TYPE=ACTION with TYPE one of ${ENTITY_TYPES.join(', ')}; got ${JSON.stringify(assignment)}.`,
        );
      const action = name === 'default' ? null : piiActionNamed(name);
      if (action === undefined)
        throw new AppError('invalid_field', `The PII action for ${type} must be one of ${PII_ACTIONS.join(', ')}, default; got ${JSON.stringify(name)}.`);
      return [type, action];
    });
}

function parseRegexFlags(values: string[] | undefined, caseInsensitive: boolean): { name: string; pattern: string }[] {
  return (values ?? []).map((value) => {
    const eq = value.indexOf('=');
    if (eq <= 0) throw new AppError('invalid_field', `The --add-regex flag expects NAME=PATTERN, got ${JSON.stringify(value)}.`);
    const rule = { name: value.slice(0, eq), pattern: value.slice(eq + 1) };
    const compiled = compilePattern(rule.pattern, caseInsensitive);
    if (!compiled.ok) throw new AppError('invalid_field', `The regex rule ${JSON.stringify(rule.name)} is not usable: ${compiled.message}`);
    return rule;
  });
}

function printProfile(profile: SecurityProfile): void {
  const { record_message_text: record, on_error: onError, forwarding } = profile.settings;
  process.stdout.write(
    `profile ${profile.name} (${profile.id})${profile.description ? ` — ${profile.description}` : ''}\n` +
      `record_message_text: ${record}${record ? ' (check events keep the message text, PII masked)' : ' (check events keep only the length and SHA-256 of messages)'}\n` +
      `on_error: ${onError}\nforwarding: ${JSON.stringify(forwarding)}\n\n`,
  );
  printTable(
    GUARDRAIL_NAMES.map((name) => {
      const { enabled, monitor, ...rest } = profile.settings.guardrails[name] ?? {};
      const levels = PROTECTION_LEVELS.filter((l) => LEVEL_GUARDRAILS[l].includes(name)).join(',');
      const on = monitor ? 'monitor' : 'on';
      return {
        guardrail: name,
        enabled: enabled === undefined ? `by level (${on} at ${levels})` : enabled ? on : 'off',
        settings: Object.keys(rest).length ? rest : null,
      };
    }),
    ['guardrail', 'enabled', 'settings'],
  );
  const rules = [
    ...profile.rules.keywords.map((r) => ({ id: r.id, kind: 'keyword', rule: r.keyword, options: r.wholeWord ? 'whole word' : 'partial', scope: r.scope })),
    ...profile.rules.regexes.map((r) => ({
      id: r.id,
      kind: 'regex',
      rule: `${r.name}: ${r.pattern}`,
      options: r.caseInsensitive ? 'case-insensitive' : 'case-sensitive',
      scope: r.scope,
    })),
  ];
  process.stdout.write('\n');
  if (rules.length === 0) process.stdout.write('no keyword or regex rules\n');
  else printTable(rules, ['id', 'kind', 'rule', 'options', 'scope']);
}

function printReplay(report: ReplayReport): void {
  const { recorded, candidate } = report.verdicts;
  const counts = (v: typeof recorded) => `${v.blocked} blocked, ${v.monitored} monitored, ${v.allowed} allowed`;
  process.stdout.write(
    `replayed ${report.checks_replayed} checks of Runtime LLM ${report.runtime_llm.name} since ${report.since} through profile ${report.profile.name}` +
      `${report.truncated ? ' (the most recent only)' : ''}${report.checks_without_text ? `; ${report.checks_without_text} checks without recorded text skipped` : ''}\n` +
      `recorded:  ${counts(recorded)}\ncandidate: ${counts(candidate)}\n${report.changed} checks would change verdict` +
      `${report.not_replayable.checks > 0 ? ` (of ${report.checks_compared} replayable)` : ''}\n`,
  );
  for (const note of report.notes) process.stdout.write(`${note}\n`);
  const guardrails = Object.entries(report.changed_by_guardrail).map(([guardrail, c]) => ({ guardrail, ...c }));
  if (guardrails.length > 0) {
    process.stdout.write('\n');
    printTable(guardrails, ['guardrail', 'newly_detected', 'no_longer_detected']);
  }
  if (report.changes.length > 0) {
    process.stdout.write('\n');
    printTable(
      report.changes.map((c) => ({
        event: c.event_id,
        time: c.time,
        direction: c.direction,
        recorded: c.recorded_verdict,
        candidate: c.candidate_verdict,
        link: c.link,
      })),
      ['event', 'time', 'direction', 'recorded', 'candidate', 'link'],
    );
  }
  if (report.not_replayable.events.length > 0) {
    process.stdout.write('\nnot replayable:\n');
    printTable(
      report.not_replayable.events.map((c) => ({ event: c.event_id, time: c.time, direction: c.direction, reasons: c.reasons.join(', '), link: c.link })),
      ['event', 'time', 'direction', 'reasons', 'link'],
    );
  }
}

export function registerProfileCommands(program: Command): void {
  const group = program.command('profile').description('security profiles: which guardrails run, their settings and rules');

  withDataDirOption(group.command('list').description('list security profiles').option('--json', 'print JSON')).action(
    async (flags: { dataDir?: string; json?: boolean }) => {
      const profiles = await withStore(flags, listSecurityProfiles);
      if (flags.json) printJson(profiles.map(profileJson));
      else
        printTable(
          profiles.map((p) => ({ id: p.id, name: p.name, keywords: p.rules.keywords.length, regexes: p.rules.regexes.length, description: p.description })),
          ['id', 'name', 'keywords', 'regexes', 'description'],
        );
    },
  );

  withDataDirOption(group.command('show <profile>').description('show a profile: switches, settings, rules').option('--json', 'print JSON')).action(
    async (idOrName: string, flags: { dataDir?: string; json?: boolean }) => {
      const profile = await withStore(flags, (store) => getProfile(store, idOrName));
      if (flags.json) printJson(profileJson(profile));
      else printProfile(profile);
    },
  );

  withDataDirOption(
    group
      .command('create')
      .description('create a security profile')
      .requiredOption('--name <name>', 'unique name')
      .option('--description <text>', 'what the profile is for')
      .option('--from <profile>', 'copy settings and rules of this profile')
      .option('--json', 'print JSON'),
  ).action(async (flags: { dataDir?: string; json?: boolean; name: string; description?: string; from?: string }) => {
    const input: { name: string; description?: string; copyFrom?: string } = { name: flags.name };
    if (flags.description !== undefined) input.description = flags.description;
    if (flags.from !== undefined) input.copyFrom = flags.from;
    const profile = await withStore(flags, (store) => createProfile(store, cliActor(), input));
    if (flags.json) printJson(profileJson(profile));
    else printProfile(profile);
  });

  withDataDirOption(
    withYesOption(group.command('delete <profile>').description('delete an unused security profile (by id or name)').option('--json', 'print JSON')),
  ).action(async (idOrName: string, flags: { dataDir?: string; json?: boolean; yes?: boolean }) => {
    const deleted = await withStore(flags, async (store) => {
      const profile = await requireDeletableProfile(store, idOrName);
      const { keywords, regexes } = profile.rules;
      await confirmOrRefuse(
        flags,
        `delete security profile ${JSON.stringify(profile.name)} (${profile.id})`,
        `Its settings and its ${keywords.length} keyword and ${regexes.length} regex rules are lost.`,
      );
      await deleteProfile(store, cliActor(), profile.id);
      return profile;
    });
    if (flags.json) printJson({ deleted: idOrName, id: deleted.id, name: deleted.name });
    else process.stdout.write(`deleted security profile ${deleted.name} (${deleted.id})\n`);
  });

  withDataDirOption(
    group
      .command('replay <profile>')
      .description(
        "what-if: run a Runtime LLM's recorded checks through this profile and report which would change verdict (nothing is stored; needs recorded message text)",
      )
      .requiredOption('--runtime-llm <runtime-llm>', 'Runtime LLM id or name whose checks are replayed')
      .option('--since <period>', 'how far back: a duration (30m, 24h, 7d) or an ISO 8601 time', '24h')
      .option('--json', 'print JSON'),
  ).action(async (idOrName: string, flags: { dataDir?: string; json?: boolean; runtimeLlm: string; since: string }) => {
    const report = await withStore(flags, async (store, config) => {
      const log = createLogger('warn');
      const guardrails = await loadGuardrails(GUARDRAILS, {
        models: modelLibrary(config),
        services: { threatVectors: new ThreatVectorRepository(store), dataDir: store.dataDir, log, onConfigReload: () => {} },
      });
      const candidate = await getProfile(store, idOrName);
      return withProfileBackends(store, config, candidate.settings, log, (backends) =>
        replayProfile(store, guardrails, log, { profile: idOrName, runtimeLlm: flags.runtimeLlm, since: flags.since }, backends),
      );
    });
    if (flags.json) printJson(report);
    else printReplay(report);
  });

  withDataDirOption(
    group
      .command('update <profile>')
      .description('switch guardrails, change settings, add or remove keyword and regex rules (flags left out change nothing)')
      .option('--enable <guardrails...>', `switch guardrails on, enforcing (${GUARDRAIL_NAMES.join(', ')})`)
      .option('--monitor <guardrails...>', 'switch guardrails to monitor mode: they run and report what they would block, but never block')
      .option('--disable <guardrails...>', 'switch guardrails off')
      .option('--follow-level <guardrails...>', 'let the protection level decide again')
      .option('--llm-threshold <score>', 'LLM classifier threshold, 0 to 1')
      .option('--vector-sensitivity <level>', 'vector filter sensitivity: Low, Medium or High')
      .option('--on-error <verdict>', 'when a guardrail fails: block or allow')
      .option('--set <path=value...>', 'set any setting, value as JSON, e.g. guardrails.llm.threshold=0.8')
      .option('--pii-action <type=action...>', `what a PII type does: ${PII_ACTIONS.join(', ')} or default (block), e.g. PERSON=mask,EMAIL_ADDRESS=mask`)
      .option('--add-keyword <keyword...>', 'add keyword rules')
      .option('--partial-match', 'added keywords also match inside words')
      .option('--add-regex <name=pattern...>', 'add regex rules (RE2 syntax)')
      .option('--case-insensitive', 'added regex rules ignore case')
      .option('--scope <scope>', 'added rules inspect input (default), output or both')
      .option('--remove-rule <rule-id...>', 'remove rules by id')
      .option('--json', 'print JSON'),
  ).action(async (idOrName: string, flags: UpdateFlags) => {
    const patch = settingsPatch(flags);
    const regexes = parseRegexFlags(flags.addRegex, flags.caseInsensitive ?? false);
    const profile = await withStore(flags, async (store) => {
      const actor = cliActor();
      if (Object.keys(patch).length > 0) await updateProfileSettings(store, actor, idOrName, patch);
      const scope = flags.scope === undefined ? {} : { scope: flags.scope };
      for (const keyword of flags.addKeyword ?? []) await addKeywordRule(store, actor, idOrName, { keyword, wholeWord: !flags.partialMatch, ...scope });
      for (const rule of regexes) await addRegexRule(store, actor, idOrName, { ...rule, caseInsensitive: flags.caseInsensitive ?? false, ...scope });
      for (const ruleId of flags.removeRule ?? []) await removeRule(store, actor, idOrName, ruleId);
      return getProfile(store, idOrName);
    });
    if (flags.json) printJson(profileJson(profile));
    else printProfile(profile);
  });
}
