/**
 * Reading a PNG's header: the signature and the IHDR chunk that gives its size (PNG, W3C 2nd ed.
 * §5.2, §11.2.2). Enough to refuse a file that is not a PNG and to check boxes against the image;
 * nothing is decoded.
 */
import { crc32 } from 'node:zlib';

const SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
/** Signature, IHDR length and type, 13 bytes of data and the CRC. */
export const PNG_HEADER_BYTES = 8 + 8 + 13 + 4;
/** The last chunk of every PNG: length 0, `IEND`, its fixed CRC. */
const IEND = [0, 0, 0, 0, 0x49, 0x45, 0x4e, 0x44, 0xae, 0x42, 0x60, 0x82];

export interface PngSize {
  width: number;
  height: number;
}

/** Why `bytes` is no PNG (a sentence), or undefined. */
function headerProblem(bytes: Uint8Array): string | undefined {
  if (bytes.length < SIGNATURE.length || SIGNATURE.some((b, i) => bytes[i] !== b))
    return 'is not a PNG image (the PNG signature is missing)';
  if (bytes.length < PNG_HEADER_BYTES) return 'is a truncated PNG (it ends inside the IHDR chunk)';
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const type = String.fromCharCode(...bytes.subarray(12, 16));
  if (view.getUint32(8) !== 13 || type !== 'IHDR') return 'is not a valid PNG (the first chunk must be IHDR)';
  if (crc32(bytes.subarray(12, 29)) !== view.getUint32(29))
    return 'is a damaged PNG (the IHDR checksum does not match)';
  const width = view.getUint32(16);
  const height = view.getUint32(20);
  // §11.2.2: zero is invalid and the maximum is 2^31 - 1.
  if (width === 0 || height === 0 || width > 0x7fffffff || height > 0x7fffffff)
    return `is not a valid PNG (its size ${width}×${height} is outside 1 to 2147483647 pixels)`;
  return undefined;
}

/**
 * The size of a PNG from its first bytes (at least PNG_HEADER_BYTES), or a sentence saying what
 * is wrong, to follow the file's name ("home.png is not a PNG image …").
 */
export function readPngHeader(bytes: Uint8Array): PngSize | { problem: string } {
  const problem = headerProblem(bytes);
  if (problem) return { problem };
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  return { width: view.getUint32(16), height: view.getUint32(20) };
}

/** readPngHeader over a whole file, which must also end with IEND (so a cut-off upload is caught). */
export function readPng(bytes: Uint8Array): PngSize | { problem: string } {
  const header = readPngHeader(bytes);
  if ('problem' in header) return header;
  const tail = bytes.subarray(bytes.length - IEND.length);
  if (bytes.length < PNG_HEADER_BYTES + IEND.length || IEND.some((b, i) => tail[i] !== b))
    return { problem: 'is a truncated PNG (it does not end with the IEND chunk)' };
  return header;
}

/** Why a box does not fit in the image, or undefined. */
export function boxProblem(
  box: { x: number; y: number; w: number; h: number },
  size: PngSize,
): string | undefined {
  if (box.x + box.w <= size.width && box.y + box.h <= size.height) return undefined;
  return `box {x: ${box.x}, y: ${box.y}, w: ${box.w}, h: ${box.h}} reaches beyond the ${size.width}×${size.height} image`;
}
