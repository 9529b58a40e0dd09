/**
 * The shared round-trip suite over every format the registry knows, so a format added to the
 * registry is held to it without anyone opting in (its fixtures go in test/fixtures/<name>/).
 */
import { FORMATS } from '../../src/formats/registry.ts';
import { describeFormat } from './store-suite.ts';

for (const format of FORMATS) describeFormat(format);
