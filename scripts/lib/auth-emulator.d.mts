export interface RunningEmulator {
  url: string;
  reused: boolean;
  stop(): Promise<void>;
}

export function startAuthEmulator(options: {
  host?: string;
  port: number;
  projectId: string;
  dataDir: string;
  persist?: boolean;
  quiet?: boolean;
  reuse?: boolean;
}): Promise<RunningEmulator>;
export function checkEmulatorPort(options: { host?: string; port: number; dataDir: string }): Promise<boolean>;
