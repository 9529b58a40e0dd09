/** An error answered as GitHub answers errors: `{message, documentation_url, errors?}`. */
export const DOCS = 'https://docs.github.com/rest';

export interface ValidationError {
  resource: string;
  code: string;
  field?: string;
  message?: string;
}

export class HttpError extends Error {
  readonly status: number;
  readonly extra: { documentation_url?: string; errors?: ValidationError[] };
  constructor(status: number, message: string, extra: HttpError['extra'] = {}) {
    super(message);
    this.name = 'HttpError';
    this.status = status;
    this.extra = extra;
  }

  body(documentationUrl: string = DOCS): Record<string, unknown> {
    const body: Record<string, unknown> = { message: this.message };
    if (this.extra.errors) body.errors = this.extra.errors;
    body.documentation_url = this.extra.documentation_url ?? documentationUrl;
    body.status = String(this.status);
    return body;
  }
}

export const notFound = (): HttpError => new HttpError(404, 'Not Found');

/** 422 Validation Failed with GitHub's `errors` array. */
export function validationFailed(...errors: ValidationError[]): HttpError {
  return new HttpError(422, 'Validation Failed', { errors });
}

/** A field that is missing or of the wrong type: GitHub's `missing_field` / `invalid` codes. */
export function invalidField(resource: string, field: string, missing = false): HttpError {
  return validationFailed({ resource, field, code: missing ? 'missing_field' : 'invalid' });
}
