import type { Actor } from '../domain/actor.ts';
import { registeredAs, unregisterPulledModel } from '../admin/pulled-models.ts';
import { AppError } from '../errors.ts';
import type { Store } from '../store/store.ts';
import { removeFolder, withModelLock } from './model-folder.ts';

export interface Removal {
  removed: string;
  /** false on a node where another had already unregistered it: only this node's copy was left. */
  unregistered: boolean;
  files_deleted: boolean;
}

/** Unregisters a model with its backend (refused while a guardrail asks it) and deletes this node's copy. */
export async function removeModel(store: Store, dataDir: string, actor: Actor, name: string): Promise<Removal> {
  return (await withModelLock(dataDir, name, async () => {
    const registered = (await registeredAs(store, name)) !== undefined;
    if (registered) await unregisterPulledModel(store, actor, name);
    const deleted = await removeFolder(dataDir, name);
    if (!registered && !deleted) throw new AppError('not_found', `No pulled or imported model is named ${JSON.stringify(name)}.`);
    return { removed: name, unregistered: registered, files_deleted: deleted };
  })) as Removal;
}
