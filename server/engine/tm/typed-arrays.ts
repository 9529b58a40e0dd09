type TypedArray = Int32Array | Uint16Array | Uint8Array | Float64Array;

/** A copy of `array` of the same type with room for `size` elements, the new ones zero. */
export function grown<T extends TypedArray>(array: T, size: number): T {
  const copy = new (array.constructor as new (length: number) => T)(size);
  copy.set(array);
  return copy;
}
