// Code 128 (ISO/IEC 15417), drawn by the label sheet: a product's code as bar and space widths in modules.
// Letters go in code set B; runs of four or more digits in set C, two digits a symbol, which keeps a long number
// narrow enough for a 70 mm label.

/** The 103 data symbols, the three starts and the stop: widths of bar, space, bar… in modules (11 each, 13 the stop). */
// biome-ignore format: the table reads as the standard prints it, ten to a line
const PATTERNS = [
  '212222', '222122', '222221', '121223', '121322', '131222', '122213', '122312', '132212', '221213',
  '221312', '231212', '112232', '122132', '122231', '113222', '123122', '123221', '223211', '221132',
  '221231', '213212', '223112', '312131', '311222', '321122', '321221', '312212', '322112', '322211',
  '212123', '212321', '232121', '111323', '131123', '131321', '112313', '132113', '132311', '211313',
  '231113', '231311', '112133', '112331', '132131', '113123', '113321', '133121', '313121', '211331',
  '231131', '213113', '213311', '213131', '311123', '311321', '331121', '312113', '312311', '332111',
  '314111', '221411', '431111', '111224', '111422', '121124', '121421', '141122', '141221', '112214',
  '112412', '122114', '122411', '142112', '142211', '241211', '221114', '413111', '241112', '134111',
  '111242', '121142', '121241', '114212', '124112', '124211', '411212', '421112', '421211', '212141',
  '214121', '412121', '111143', '111341', '131141', '114113', '114311', '411113', '411311', '113141',
  '114131', '311141', '411131', '211412', '211214', '211232', '2331112',
];

const CODE_C = 99; // in set B: switch to set C
const CODE_B = 100; // in set C: switch to set B
const START_B = 104;
const START_C = 105;
const STOP = 106;

/** What a label can carry: printable ASCII (a product's barcode is letters and digits). */
export const isCode128Text = (text: string) => /^[\x20-\x7e]+$/.test(text);

const digitRunAt = (text: string, from: number) => /^\d*/.exec(text.slice(from))?.[0].length ?? 0;

/** The symbol values of `text`: start, data, check symbol and stop. */
export function code128Symbols(text: string): number[] {
  if (!isCode128Text(text)) throw new Error(`Code 128 cannot carry "${text}".`);
  const symbols: number[] = [];
  let set: 'B' | 'C' | undefined;
  for (let i = 0; i < text.length; ) {
    const run = digitRunAt(text, i);
    // Set C pays off for four digits at either end, or six in the middle (two switches cost two symbols).
    const worthC = run >= 4 && (i === 0 || i + run === text.length || run >= 6);
    if (worthC) {
      if (set !== 'C') symbols.push(set ? CODE_C : START_C);
      set = 'C';
      // An odd digit left over goes in set B with what follows.
      for (const end = i + run - (run % 2); i < end; i += 2) symbols.push(Number(text.slice(i, i + 2)));
    } else {
      if (set !== 'B') symbols.push(set ? CODE_B : START_B);
      set = 'B';
      symbols.push(text.charCodeAt(i) - 32);
      i += 1;
    }
  }
  const weighted = symbols.reduce((sum, value, position) => sum + value * Math.max(position, 1), 0);
  return [...symbols, weighted % 103, STOP];
}

/** Bar and space widths in modules, starting with a bar, without the quiet zones. */
export function code128Widths(text: string): number[] {
  return code128Symbols(text).flatMap((value) => [...(PATTERNS[value] as string)].map(Number));
}
