import { Command } from 'commander';
import { receiverCommand } from '../../receiver/cli.ts';
import { describeFailure } from '../sync/describe-failure.ts';
import { formatCommands } from './format-commands.ts';
import { serverCommand } from './server-command.ts';
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

program.parseAsync(process.argv).catch((err: unknown) => {
  process.stderr.write(`svc-connector: ${describeFailure(err)}\n`);
  process.exitCode = 1;
});
