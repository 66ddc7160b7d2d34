// A barcode as a camera would see it, for Chromium's fake camera (--use-file-for-fake-video-capture): an EAN-13
// encoder (GS1 General Specifications, section 5.2: L/G/R digit patterns, the first digit as the left half's
// parity) drawing its bars into raw frames of a Y4M file. Written here so the camera test needs no generator.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const L_CODES = [
  '0001101',
  '0011001',
  '0010011',
  '0111101',
  '0100011',
  '0110001',
  '0101111',
  '0111011',
  '0110111',
  '0001011',
];
/** Right-half digits: the L pattern with bars and spaces swapped. */
const R_CODES = L_CODES.map((code) => [...code].map((bit) => (bit === '0' ? '1' : '0')).join(''));
/** Even-parity left digits: the R pattern read backwards. */
const G_CODES = R_CODES.map((code) => [...code].reverse().join(''));
/** The first digit is not drawn: it chooses L or G for each of the six left-half digits. */
const LEFT_PARITY = [
  'LLLLLL',
  'LLGLGG',
  'LLGGLG',
  'LLGGGL',
  'LGLLGG',
  'LGGLLG',
  'LGGGLL',
  'LGLGLG',
  'LGLGGL',
  'LGGLGL',
];

/** The check digit of 12 digits: weights 1 and 3 alternating from the left, up to the next multiple of ten. */
export function ean13CheckDigit(first12: string): number {
  const sum = [...first12].reduce((total, digit, i) => total + Number(digit) * (i % 2 === 0 ? 1 : 3), 0);
  return (10 - (sum % 10)) % 10;
}

/** The 95 modules of an EAN-13 symbol, '1' for a bar: guard, six left digits, centre guard, six right, guard. */
export function ean13Modules(code: string): string {
  if (!/^\d{13}$/.test(code) || ean13CheckDigit(code.slice(0, 12)) !== Number(code[12])) {
    throw new Error(`${code} is not a valid EAN-13`);
  }
  const digits = [...code].map(Number);
  const parity = LEFT_PARITY[digits[0] as number] as string;
  const left = digits
    .slice(1, 7)
    .map((d, i) => (parity[i] === 'L' ? L_CODES : G_CODES)[d])
    .join('');
  const right = digits
    .slice(7)
    .map((d) => R_CODES[d])
    .join('');
  return `101${left}01010${right}101`;
}

/**
 * A Y4M video (4:2:0) showing the code's bars black on white, centred with a quiet zone, filling the middle of the
 * picture. Answers the file's path in a new temporary folder.
 */
export function ean13Video(code: string, { width = 640, height = 480, frames = 3 } = {}): string {
  const modules = ean13Modules(code);
  const moduleWidth = Math.floor(width / (modules.length + 24)); // at least 12 modules of white on each side
  const left = Math.floor((width - modules.length * moduleWidth) / 2);
  const luma = Buffer.alloc(width * height, 235);
  for (let y = Math.floor(height * 0.2); y < Math.floor(height * 0.8); y++) {
    for (let m = 0; m < modules.length; m++) {
      if (modules[m] === '1')
        luma.fill(16, y * width + left + m * moduleWidth, y * width + left + (m + 1) * moduleWidth);
    }
  }
  const chroma = Buffer.alloc((width / 2) * (height / 2) * 2, 128);
  const frame = Buffer.concat([Buffer.from('FRAME\n'), luma, chroma]);
  const header = Buffer.from(`YUV4MPEG2 W${width} H${height} F10:1 Ip A1:1 C420jpeg\n`);
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'duka-camera-')), `ean13-${code}.y4m`);
  fs.writeFileSync(file, Buffer.concat([header, ...Array.from({ length: frames }, () => frame)]));
  return file;
}
