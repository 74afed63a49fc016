/** This node's copy of a registered model, as /readyz and the dashboard report it. */
export interface ModelFilesStatus {
  /**
   * present: the files have the registered checksums; missing: some are absent; mismatch: some
   * differ; fetching: they are being downloaded on this node; failed: the last download failed (`error`).
   */
  state: 'present' | 'missing' | 'mismatch' | 'fetching' | 'failed';
  /** Files absent here, by their path in the repository. */
  missing?: string[];
  /** Files whose size or SHA-256 differs from the registered ones. */
  mismatched?: string[];
  error?: string;
}

/** What a pulled model's JSON adds to its record: its backend, the profiles using it, this node's copy. */
export interface PulledModelFacts {
  backend: string | undefined;
  usedBy: string[];
  device: 'cpu' | 'cuda';
  onThisNode: ModelFilesStatus | undefined;
}
