import { Webhook } from 'standardwebhooks';

/** A new signing secret: `whsec_` and base64 of 32 random bytes, as Standard Webhooks expects. */
export function newSecret(random: (size: number) => Buffer): string {
  return `whsec_${random(32).toString('base64')}`;
}

/**
 * The Standard Webhooks headers of one attempt. Several secrets give several space-separated
 * signatures, so a receiver still holding the secret from before a rotation keeps verifying.
 * See https://github.com/standard-webhooks/standard-webhooks/blob/main/spec/standard-webhooks.md
 */
export function signatureHeaders(message: {
  id: string;
  /** Epoch milliseconds; sent as whole seconds. */
  timestamp: number;
  body: string;
  secrets: readonly string[];
}): { 'webhook-id': string; 'webhook-timestamp': string; 'webhook-signature': string } {
  if (message.secrets.length === 0) throw new TypeError('[webhooks] at least one secret is needed to sign');
  const at = new Date(Math.floor(message.timestamp / 1000) * 1000);
  const signatures = message.secrets.map((secret) => new Webhook(secret).sign(message.id, at, message.body));
  return {
    'webhook-id': message.id,
    'webhook-timestamp': String(Math.floor(message.timestamp / 1000)),
    'webhook-signature': signatures.join(' '),
  };
}
