import { describe, expect, it } from 'vitest';
import { checkAction, inputsRead, readProject, workflowExamples } from '../../scripts/check-action.ts';

const project = readProject();

describe('action.yml as GitHub reads it (scripts/check-action.ts, also run by .ci/run)', () => {
  it('action.yml, its inputs and outputs and README.md’s workflow example pass', () => {
    expect(checkAction(project)).toEqual([]);
  });

  it('the validator refuses an unquoted description like the one that once broke action.yml', () => {
    const quoted =
      '    description: "Fallback when no App is given: a token for the pull request (`wait: true`), e.g. `secrets.GITHUB_TOKEN` (with `checks: write` for the QA check; its pushes start no workflow) or a token of your choice."';
    const broken = project.actionYml.replace(quoted, quoted.replace('"', '').replace(/"$/, ''));
    expect(broken).not.toBe(project.actionYml);
    const problems = checkAction({ ...project, actionYml: broken });
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(/^action\.yml is not valid action metadata:\n/);
    expect(problems[0]).toContain('mapping values are not allowed in this context at line 50 column 47');
  });

  it('the validator refuses metadata that breaks the schema, not only the YAML', () => {
    const problems = checkAction({
      ...project,
      actionYml: project.actionYml.replace('runs:\n  using:', 'runs:\n  usin:'),
    });
    expect(problems[0]).toMatch(/^action\.yml is not valid action metadata:\n/);
  });

  it('reads the input names through core.getInput and through the helpers of inputs.ts', () => {
    const names = inputsRead(project.sources);
    expect(names).toContain('api-key'); // required('api-key')
    expect(names).toContain('wait'); // bool('wait', false)
    expect(names).toContain('pr-labels'); // list('pr-labels')
    expect(names).toContain('domain-id'); // positive('domain-id')
  });

  it('an input the code reads but action.yml does not declare fails, by core.getInput or a helper', () => {
    const direct = `${project.sources[0]}\nconst extra = core.getInput('cache-dir');\n`;
    const helper = project.sources.map((s) => s.replace("optional('pr-body')", "optional('pr-footer')"));
    expect(checkAction({ ...project, sources: [...project.sources, direct] })).toEqual([
      'src/action reads input "cache-dir", which action.yml does not declare',
    ]);
    expect(checkAction({ ...project, sources: helper })).toEqual([
      'src/action reads input "pr-footer", which action.yml does not declare',
      'action.yml declares input "pr-body", which src/action never reads',
    ]);
  });

  it('an output set but not declared, or declared but never set, fails', () => {
    const sources = project.sources.map((s) => s.replace("core.setOutput('job-id'", "core.setOutput('job'"));
    expect(checkAction({ ...project, sources })).toEqual([
      'src/action sets output "job", which action.yml does not declare',
      'action.yml declares output "job-id", which src/action never sets',
    ]);
  });

  it('README.md’s workflow example is validated as a workflow', () => {
    const [example] = workflowExamples(project.readme);
    expect(example?.name).toBe('.github/workflows/l10n.yml');
    const readme = project.readme.replace(
      '    runs-on: ubuntu-latest\n',
      '    runs-on: ubuntu-latest\n    timeout: 5\n',
    );
    const problems = checkAction({ ...project, readme });
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(/^README\.md's \.github\/workflows\/l10n\.yml is not a valid workflow:\n/);
  });
});
