import type { ProjectView } from '../../services/workbench/project-view.ts';
import { type Html, html } from '../html.ts';
import { day, progressBar } from './format.ts';

/** The label of the button that completes the current stage ("Complete Translate"). */
export function completeLabel(view: ProjectView): string {
  const { stage } = view;
  if (stage.assignmentType === 'READY_TO_START')
    return `Start ${stage.stages[stage.index + 1]?.name ?? 'work'}`;
  return `Complete ${stage.name}`;
}

function advanceForm(view: ProjectView, csrf: string): Html {
  const { stage, progress } = view;
  if (stage.isLast) return html`<p>This project is done.</p>`;
  const blocked = stage.assignmentType === 'TRANSLATE' && progress.unconfirmedSegments > 0;
  return html`<form method="post" action="/workbench/projects/${view.project.id}/complete-stage">
<input type="hidden" name="_csrf" value="${csrf}">
<input type="hidden" name="stage" value="${stage.index}">
<button class="primary" type="submit"${blocked ? html` aria-describedby="advance-help"` : ''}>${completeLabel(view)}</button>
</form>
${
  blocked
    ? html`<p id="advance-help" class="muted">${progress.unconfirmedSegments} segment${progress.unconfirmedSegments === 1 ? ' is' : 's are'} not confirmed yet:
Translate can be completed once every segment is confirmed.</p>`
    : ''
}`;
}

/** A project: its place in the workflow, the button that moves it on, and its documents. */
export function projectPage(view: ProjectView, csrf: string, notice: Html | ''): Html {
  const { project, job, stage } = view;
  const tag = (lang: string, locale: string | null) => (locale ? `${lang}-${locale}` : lang);
  return html`<nav aria-label="Breadcrumb"><a href="/workbench">Jobs</a> › ${job.name} › ${project.name}</nav>
<h1>${project.name}</h1>
${notice}
<dl>
<dt>Languages</dt><dd>${tag(project.srclang, project.srclocale)} → ${tag(project.trglang, project.trglocale)}</dd>
<dt>Job</dt><dd>${job.name} (${job.status}, due ${day(job.due)})</dd>
<dt>State</dt><dd>${stage.state} <span class="muted">(workflowStatus ${stage.workflowStatus})</span></dd>
<dt>Progress</dt><dd>${progressBar(view.progress, 'Progress of this project')}</dd>
</dl>
<h2>Workflow: ${view.template?.name ?? 'Translate only'}</h2>
<ol class="stages">
${stage.stages.map((s, i) =>
  i === stage.index ? html`<li aria-current="step">${s.name} (current)</li>` : html`<li>${s.name}</li>`,
)}
</ol>
${advanceForm(view, csrf)}
<h2>Documents</h2>
<table>
<thead><tr><th scope="col">Document</th><th scope="col">Segments</th><th scope="col">Words</th><th scope="col">Translated words</th><th scope="col">Progress</th></tr></thead>
<tbody>
${view.documents.map(
  (d) => html`<tr>
<td>${
    d.importing
      ? html`${d.name} <span class="muted">(importing)</span>`
      : d.importError
        ? html`${d.name} <span class="muted">(import failed: ${d.importError})</span>`
        : html`<a href="/workbench/documents/${d.id}">${d.name}</a>`
  }</td>
<td>${d.progress.segments}</td>
<td>${d.progress.words}</td>
<td>${d.progress.translatedWords}</td>
<td>${progressBar(d.progress, `Progress of ${d.name}`)}</td>
</tr>`,
)}
</tbody>
</table>`;
}
