import { Command } from 'commander';
import { describeFailure } from '../sync/describe-failure.ts';
import { formatCommands } from './format-commands.ts';
import { serverCommand } from './server-command.ts';
import { syncCommand } from './sync-command.ts';

const program = new Command('svc-connector')
  .description("Keep a GitHub repository's string files translated through the svc translation platform.")
  .showHelpAfterError();
serverCommand(program);
syncCommand(program);
formatCommands(program);

program.parseAsync(process.argv).catch((err: unknown) => {
  process.stderr.write(`svc-connector: ${describeFailure(err)}\n`);
  process.exitCode = 1;
});
