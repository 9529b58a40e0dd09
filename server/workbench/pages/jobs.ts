import type { JobSummary } from '../../services/workbench/overview.ts';
import { type Html, html } from '../html.ts';
import { day, percent, progressBar } from './format.ts';

/** The start page: the organization's active jobs, each with its projects, stage and progress. */
export function jobsPage(jobs: JobSummary[], notice: Html | ''): Html {
  return html`<h1>Active jobs</h1>
${notice}
${jobs.length === 0 ? html`<p>No active jobs. Jobs created through the API appear here.</p>` : ''}
${jobs.map(
  (job) => html`<section aria-labelledby="job-${job.id}">
<h2 id="job-${job.id}">${job.name}</h2>
<p class="muted">Job ${job.id} · ${job.workflowName} · due ${day(job.due)}
${job.creationStatus === 'COMPLETE' ? '' : html` · documents ${job.creationStatus === 'PENDING' ? 'importing' : 'failed to import'}`}
· ${percent(job.progress.translatedWords, job.progress.words)} % translated
· <a href="/workbench/jobs/${job.id}/comments">Comments<span class="visually-hidden"> on ${job.name}</span></a></p>
<p>${progressBar(job.progress, `Progress of job ${job.name}`)}</p>
<table>
<caption class="visually-hidden">Projects of job ${job.name}</caption>
<thead><tr><th scope="col">Project</th><th scope="col">Languages</th><th scope="col">Stage</th><th scope="col">State</th><th scope="col">Words</th><th scope="col">Progress</th></tr></thead>
<tbody>
${job.projects.map(
  (p) => html`<tr>
<td><a href="/workbench/projects/${p.id}">${p.name}</a></td>
<td>${p.srclang} → ${p.trglang}</td>
<td>${p.stage.name}</td>
<td>${p.stage.state} <span class="muted">(${p.stage.workflowStatus})</span></td>
<td>${p.progress.words}</td>
<td>${progressBar(p.progress, `Progress of ${p.name}`)}</td>
</tr>`,
)}
</tbody>
</table>
</section>`,
)}`;
}
