import type { Command } from 'commander';
import { pulledModelJson } from '../pulled-models/model-json.ts';
import { BACKEND_GUARDRAILS, listPulledModelsOf, modelFacts, registeredAs, requireUnusedModel } from '../admin/pulled-models.ts';
import { BACKEND_MODES } from '../engine/profile-settings.ts';
import { AppError, ERROR_CODES, errorTypeOf } from '../errors.ts';
import { onnxDevice } from '../backends/onnx-device.ts';
import { importModel } from '../pulled-models/model-import.ts';
import { checkFolder, modelFolder } from '../pulled-models/model-folder.ts';
import { removeModel } from '../pulled-models/model-remove.ts';
import { pullModel, type PullProgress } from '../pulled-models/model-pull.ts';
import type { InstallOutcome } from '../pulled-models/model-install.ts';
import type { Store } from '../store/store.ts';
import { confirmOrRefuse, withYesOption } from './confirm.ts';
import { cliActor, commandConfig, printJson, printTable, withDataDirOption, withStore } from './context.ts';
import { terminalProgress } from './download-progress.ts';
import { ReportedFailure } from './reported-failure.ts';

interface ModelFlags {
  dataDir?: string;
  json?: boolean;
  revision?: string;
  file?: string;
  name?: string;
  guardrail?: string;
  mode?: string;
  profile?: string;
  positiveLabel?: string[];
  acceptLicense?: boolean;
}

const collect = (value: string, previous: string[]) => [...previous, value];

/** The options pull and import share: the ONNX file, the labels, the licence and the guardrail to set. */
function withInstallOptions(command: Command): Command {
  return withDataDirOption(
    command
      .option('--file <path>', 'the ONNX file of the repository (default: a quantized CPU export when there is one, else onnx/model.onnx, else model.onnx)')
      .option(
        '--positive-label <label>',
        'a label meaning attack / unsafe (repeat it for several; default: inferred from names such as INJECTION, JAILBREAK, UNSAFE, TOXIC)',
        collect,
        [],
      )
      .option('--accept-license', 'accept a licence that is not permissive (Llama or Gemma terms, non-commercial, other, none stated)')
      .option('--guardrail <name>', `also make this guardrail of the profile ask the model: ${BACKEND_GUARDRAILS.join(', ')}`)
      .option('--mode <mode>', `how the guardrail combines it with its built-in model: ${BACKEND_MODES.join(', ')} (default: both)`)
      .option('--profile <name>', 'the security profile whose guardrail is set (default: default)')
      .option('--json', 'print JSON (also for errors); no progress bar'),
  );
}

/**
 * Runs a model command. With --json a refusal is printed as JSON in the shape of the API's errors
 * and the exit code is 1; without it the CLI prints the message on stderr as for every command.
 */
async function reporting(flags: ModelFlags, run: () => Promise<void>): Promise<void> {
  try {
    await run();
  } catch (error) {
    if (!flags.json) throw error;
    const code = error instanceof AppError ? error.code : 'internal_error';
    const field = error instanceof AppError ? error.details?.field : undefined;
    printJson({
      error: {
        code,
        message: error instanceof Error ? error.message : String(error),
        type: errorTypeOf(code),
        // The HTTP status the admin API answers the same failure with (409 for a model in use).
        status: ERROR_CODES[code].status,
        ...(field ? { field } : {}),
      },
    });
    throw new ReportedFailure(error instanceof Error ? error.message : String(error));
  }
}

async function modelJson(store: Store, outcome: InstallOutcome) {
  return {
    ...pulledModelJson(outcome.model, await modelFacts(store, outcome.model, outcome.device, { state: 'present' })),
    registered: outcome.registered,
    ...(outcome.attachment
      ? { guardrail: { profile: outcome.attachment.profile, guardrail: outcome.attachment.guardrail, backend_mode: outcome.attachment.mode } }
      : {}),
  };
}

function printOutcome(outcome: InstallOutcome, verb: string): void {
  const { model } = outcome;
  const origin = model.source === 'hub' ? `${model.repo} at ${model.revision} (commit ${model.commit})` : 'the imported files';
  process.stdout.write(
    outcome.registered
      ? `${verb} ${model.name} from ${origin}: registered as onnx backend ${model.name}, running on ${outcome.device.toUpperCase()}.\n`
      : `Placed the files of the registered model ${model.name} on this node (${origin}).\n`,
  );
  process.stdout.write(
    `Licence: ${model.license ?? 'none stated (make sure its terms allow your use)'}${model.licenseAccepted ? ' (accepted)' : ''}; positive labels: ${[model.manifest.positive_label].flat().join(', ')}.\n`,
  );
  for (const f of model.files) process.stdout.write(`  ${f.path}  ${f.size} bytes  sha256 ${f.sha256}\n`);
  if (outcome.attachment) {
    const { profile, guardrail, mode } = outcome.attachment;
    process.stdout.write(`Profile ${profile}: guardrail ${guardrail} now asks ${model.name} (backend_mode ${mode}).\n`);
  } else if (outcome.registered) {
    process.stdout.write(
      `Next: try it in monitor mode, measure it with rampart eval, then set a guardrail's backend to ${model.name} (rampart profile update, or --guardrail).\n`,
    );
  }
}

/** The attach flags as the admin functions take them (commander leaves absent options undefined). */
function attachOf(flags: ModelFlags) {
  return { guardrail: flags.guardrail, mode: flags.mode, profile: flags.profile };
}

export function registerModelCommands(program: Command): void {
  const group = program
    .command('model')
    .description('transformer classifiers pulled from a model hub (or imported) and run as onnx model backends; see docs/model-pull.md');

  withInstallOptions(
    group
      .command('pull <repo-id>')
      .description('download a text classifier from the Hugging Face Hub (HF_ENDPOINT, HF_TOKEN) and register it as an onnx backend')
      .option('--revision <rev>', 'branch, tag or commit (default: main); the commit it resolves to is recorded')
      .option('--name <name>', 'name of the model and its backend (default: the last part of the repository id)'),
  ).action(async (repo: string, flags: ModelFlags) => {
    await reporting(flags, async () => {
      const config = commandConfig(flags);
      const progress = !flags.json && process.stderr.isTTY ? terminalProgress(process.stderr) : undefined;
      const onProgress = progress ? (p: PullProgress) => progress.onProgress(p) : undefined;
      try {
        await withStore(flags, async (store) => {
          const outcome = await pullModel(
            {
              store,
              dataDir: config.dataDir,
              actor: cliActor(),
              hub: { endpoint: config.hubEndpoint, token: config.hubToken },
              ...(onProgress ? { onProgress } : {}),
            },
            {
              repo,
              revision: flags.revision,
              file: flags.file,
              name: flags.name,
              attach: attachOf(flags),
              positiveLabels: flags.positiveLabel,
              acceptLicense: flags.acceptLicense === true,
            },
          );
          progress?.stop();
          if (flags.json) printJson(await modelJson(store, outcome));
          else printOutcome(outcome, 'Pulled');
        });
      } finally {
        progress?.stop();
      }
    });
  });

  withInstallOptions(
    group
      .command('import <source>')
      .description('register a classifier from a folder laid out like a hub repository, or a .tar.gz of one (no network: for air-gapped appliances)')
      .requiredOption('--name <name>', 'name of the model and its backend'),
  ).action(async (source: string, flags: ModelFlags) => {
    await reporting(flags, async () => {
      const config = commandConfig(flags);
      await withStore(flags, async (store) => {
        const outcome = await importModel(
          { store, dataDir: config.dataDir, actor: cliActor() },
          {
            source,
            name: flags.name,
            file: flags.file,
            attach: attachOf(flags),
            positiveLabels: flags.positiveLabel,
            acceptLicense: flags.acceptLicense === true,
          },
        );
        if (flags.json) printJson(await modelJson(store, outcome));
        else printOutcome(outcome, 'Imported');
      });
    });
  });

  withDataDirOption(
    group
      .command('list')
      .description('list pulled and imported models: origin, commit, files with size and SHA-256, licence, device, state on this node')
      .option('--json', 'print JSON'),
  ).action(async (flags: ModelFlags) => {
    await reporting(flags, async () => {
      const config = commandConfig(flags);
      await withStore(flags, async (store) => {
        const device = onnxDevice();
        const listed = [];
        for (const model of await listPulledModelsOf(store)) {
          const here = await checkFolder(modelFolder(config.dataDir, model.name), model.files, model.manifest, false);
          const onThisNode = {
            state: here.state,
            ...(here.missing.length > 0 ? { missing: here.missing } : {}),
            ...(here.mismatched.length > 0 ? { mismatched: here.mismatched } : {}),
          };
          listed.push(pulledModelJson(model, await modelFacts(store, model, device, onThisNode)));
        }
        if (flags.json) return printJson(listed);
        printTable(
          listed.map((m) => ({
            ...m,
            origin: m.repo ?? 'import',
            revision: m.commit ? `${m.revision} (${m.commit.slice(0, 12)})` : '-',
            here: m.on_this_node?.state,
            used_by: m.used_by.join(', ') || '-',
          })),
          ['name', 'origin', 'revision', 'license', 'device', 'here', 'used_by'],
        );
        for (const m of listed) {
          process.stdout.write(`\n${m.name}:\n`);
          for (const f of m.files) process.stdout.write(`  ${f.path}  ${f.size} bytes  sha256 ${f.sha256}\n`);
        }
      });
    });
  });

  withDataDirOption(
    withYesOption(
      group
        .command('remove <name>')
        .description('unregister a model and its backend and delete its files on this node (refused while a guardrail uses it)')
        .option('--json', 'print JSON'),
    ),
  ).action(async (name: string, flags: ModelFlags & { yes?: boolean }) => {
    await reporting(flags, async () => {
      const config = commandConfig(flags);
      const removal = await withStore(flags, async (store) => {
        // A model in use is refused before anything is asked.
        if ((await registeredAs(store, name)) !== undefined) await requireUnusedModel(store, name);
        await confirmOrRefuse(flags, `remove model ${JSON.stringify(name)}`, 'Its backend is unregistered and its files on this node are deleted.');
        return removeModel(store, config.dataDir, cliActor(), name);
      });
      if (flags.json) printJson(removal);
      else process.stdout.write(`Removed ${name}${removal.unregistered ? '' : ' (its files on this node; it was no longer registered)'}.\n`);
    });
  });
}
