import { Command } from 'commander';
import { formatCommands } from './format-commands.ts';
import { serverCommand } from './server-command.ts';

const program = new Command('svc-connector')
  .description("Keep a GitHub repository's string files translated through the svc translation platform.")
  .showHelpAfterError();
serverCommand(program);
formatCommands(program);

program.parseAsync(process.argv).catch((err: unknown) => {
  process.stderr.write(`svc-connector: ${err instanceof Error ? err.message : String(err)}\n`);
  process.exitCode = 1;
});
