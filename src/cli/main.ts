import { Command } from 'commander';
import { receiverCommand } from '../../receiver/cli.ts';
import { PortInUseError } from '../http/listen.ts';
import { CliExit } from './exit.ts';
import { formatCommands } from './format-commands.ts';
import { pseudoCommand } from './pseudo-command.ts';
import { qaCommand } from './qa-command.ts';
import { screenshotsCommand } from './screenshots-command.ts';
import { serverCommand } from './server-command.ts';
import { statusCommand } from './status-command.ts';
import { syncCommand } from './sync-command.ts';
import { upCommand } from './up-command.ts';
import { packageVersion } from './version.ts';

const program = new Command('svc-connector')
  .description("Keep a GitHub repository's string files translated through the svc translation platform.")
  .version(packageVersion(), '-V, --version', 'print the version and exit')
  .showHelpAfterError();
upCommand(program);
serverCommand(program);
syncCommand(program);
receiverCommand(program);
formatCommands(program);
qaCommand(program);
pseudoCommand(program);
statusCommand(program);
screenshotsCommand(program);

program.parseAsync(process.argv).catch(async (err: unknown) => {
  if (err instanceof CliExit) {
    process.exitCode = err.exitCode;
    return;
  }
  // describeFailure pulls in the API client: loaded only for failures that may need it, so a
  // busy port is reported without waiting for it.
  const message =
    err instanceof PortInUseError
      ? err.message
      : (await import('../sync/describe-failure.ts')).describeFailure(err);
  process.stderr.write(`svc-connector: ${message}\n`);
  process.exitCode = 1;
});
