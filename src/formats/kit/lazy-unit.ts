/**
 * Units whose location is worked out when it is first read. Few callers read locations (the
 * XLIFF exchange, error reports), while a large file has a hundred thousand units: keeping two
 * string indexes per unit instead of a Location object, and building the file's line index only
 * on first use, takes an object and a line-counting pass off every parse.
 *
 * `location` is a getter, so it is not an own property: JSON.stringify still writes it (toJSON
 * keeps the field order of a plain unit), but spreading a unit does not copy it.
 */

import { type DecodedText, TextPositions } from '../file-text.ts';
import { type Location, NO_STRINGS, type PlaceholderInfo, type PluralForms, type Unit } from '../model.ts';

/** The locations of one file's units: its line index, built when the first location is read. */
export class UnitPlaces {
  private readonly decoded: DecodedText;
  private positions: TextPositions | undefined;

  constructor(decoded: DecodedText) {
    this.decoded = decoded;
  }

  /** Location of the text between two string indexes of the decoded text. */
  location(start: number, end: number): Location {
    this.positions ??= new TextPositions(this.decoded);
    return this.positions.location(start, end);
  }
}

/**
 * Where a unit's text stands, until its location is worked out. One private field holding this
 * rather than three: the first parses of a file run in V8's mid tier (Maglev), which defines and
 * sets private fields through inline-cache calls (some 600 instructions a unit for four fields);
 * an ordinary object with public fields is written inline.
 */
class Place {
  readonly places: UnitPlaces;
  readonly start: number;
  readonly end: number;

  constructor(places: UnitPlaces, start: number, end: number) {
    this.places = places;
    this.start = start;
    this.end = end;
  }
}

export class LazyUnit implements Unit {
  id: string;
  source: string;
  notes: readonly string[] = NO_STRINGS;
  flags: readonly string[] = NO_STRINGS;
  translatable = true;
  declare sourcePlural?: PluralForms;
  declare target?: string;
  declare targetPlural?: PluralForms;
  declare context?: string;
  declare maxLength?: number;
  declare description?: string;
  declare placeholders?: Readonly<Record<string, PlaceholderInfo>>;
  declare references?: readonly string[];
  #place: Place | Location;

  /** A unit whose text stands between string indexes `start` and `end` of the file `places` locates. */
  constructor(id: string, source: string, places: UnitPlaces, start: number, end: number) {
    this.id = id;
    this.source = source;
    this.#place = new Place(places, start, end);
  }

  get location(): Location {
    const place = this.#place;
    if (!(place instanceof Place)) return place;
    const location = place.places.location(place.start, place.end);
    this.#place = location;
    return location;
  }

  set location(location: Location) {
    this.#place = location;
  }

  /** The unit as a plain object, fields in the order a plain unit has them. */
  toJSON(): Record<string, unknown> {
    const { id, source, notes, flags, translatable, ...rest } = this;
    return { id, source, notes, flags, translatable, location: this.location, ...rest };
  }
}
