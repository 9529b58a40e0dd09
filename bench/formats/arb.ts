/** Benchmark input for Flutter ARB: messages with @metadata; baseline JSON.parse + JSON.stringify. */
import { arbFormat } from '../../src/formats/arb/index.ts';
import { fillTo } from '../support/generate.ts';

function messages(n: number): string {
  return `  "orderTitle${n}": "Order #{orderId} from {date}",
  "@orderTitle${n}": {
    "description": "Title of order screen ${n}",
    "placeholders": {
      "orderId": { "type": "int", "example": "1042" },
      "date": { "type": "DateTime", "format": "yMMMd" }
    }
  },
  "orderItems${n}": "{count, plural, =0{No items} =1{One item} other{{count} items}}",
  "@orderItems${n}": { "description": "Number of items in order ${n}" },
  "orderStatus${n}": "{status, select, shipped{On its way} delivered{Delivered} other{Processing}}",
  "orderHelp${n}": "Questions about this order? Contact support at help@example.com.",
  "orderCancel${n}": "Cancel order",`;
}

export const benchFormat = {
  name: 'arb',
  format: arbFormat,
  /** An ARB template of about `targetBytes` bytes. */
  generate(targetBytes: number): Uint8Array {
    const head = '{\n  "@@locale": "en",\n';
    const tail = '\n  "end": "End"\n}\n';
    return new TextEncoder().encode(fillTo(targetBytes, messages, { head, separator: '\n', tail }));
  },
  /** The naive way: decode, JSON.parse, JSON.stringify (rewrites the whole file), encode. */
  naive(bytes: Uint8Array): void {
    new TextEncoder().encode(JSON.stringify(JSON.parse(new TextDecoder().decode(bytes)), null, 2));
  },
};
