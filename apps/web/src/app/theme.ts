import { type CSSVariablesResolver, createTheme, darken, luminance, type MantineTheme } from '@mantine/core';

// The look of the app, and WCAG AA contrast: every text and its background reach 4.5:1. Mantine's default
// shades do not (blue 6 on white is 3.6:1, green 8 on its light tint 3.1:1), so the colours a component derives from
// a palette — filled backgrounds under white text, light tints with coloured text, outlines, links — are taken from
// shade 8 and darkened until they reach it, and dimmed text is gray 7. A light tint is see-through, so its text is
// measured on the tint over a table's hovered row (gray 1), the darkest ground a badge sits on: over a striped row
// the green badge's text was 4.46:1. Placeholders (a file input's is its only text until a file is chosen) are
// gray 6 darkened the same way, instead of Mantine's gray 5 (2.07:1 on white).

export const theme = createTheme({
  primaryColor: 'blue',
  primaryShade: { light: 8, dark: 8 },
  defaultRadius: 'md',
  components: {
    // A select's options are put in the page only while its list is open. Kept mounted (Mantine's default), every
    // closed list was rendered and positioned as its screen mounted: five on the POS, in the long task that opens it.
    Combobox: { defaultProps: { keepMounted: false } },
  },
});

const AA = 4.6; // 4.5 with a little room for rounding in the browser
const WHITE = '#ffffff';

function contrast(a: string, b: string) {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

/** The colour darkened in small steps until text in it (or white text on it) reaches AA against `background`. */
function readable(color: string, background: string) {
  let result = color;
  for (let step = 0; step < 12 && contrast(result, background) < AA; step++) result = darken(result, 0.06);
  return result;
}

/** What Mantine's light variant paints under the text: the shade at 10% over the ground beneath (both #rrggbb). */
function tintOf(color: string, ground: string) {
  const channels = (hex: string) => hex.match(/\w\w/g)?.map((pair) => Number.parseInt(pair, 16)) ?? [];
  const under = channels(ground);
  const mixed = channels(color).map((value, i) => Math.round((under[i] ?? 255) * 0.9 + value * 0.1));
  return `rgb(${mixed.join(', ')})`;
}

function readableVariables(theme: MantineTheme): Record<string, string> {
  const hoveredRow = theme.colors.gray[1];
  const variables: Record<string, string> = {
    '--mantine-color-placeholder': readable(theme.colors.gray[6], WHITE),
    // A field's error (its message and its text) in a red that reads on white: Mantine's own red-6 does not (3.3:1).
    '--mantine-color-error': readable(theme.colors.red[8], WHITE),
  };
  for (const [name, shades] of Object.entries(theme.colors)) {
    const shade = shades[8];
    const filled = readable(shade, WHITE);
    Object.assign(variables, {
      [`--mantine-color-${name}-filled`]: filled,
      [`--mantine-color-${name}-filled-hover`]: darken(filled, 0.12),
      [`--mantine-color-${name}-outline`]: filled,
      [`--mantine-color-${name}-light-color`]: readable(shade, tintOf(shade, hoveredRow)),
    });
  }
  return variables;
}

export const contrastVariables: CSSVariablesResolver = (current) => ({
  variables: {},
  light: {
    ...readableVariables(current),
    '--mantine-color-anchor': `var(--mantine-color-${current.primaryColor}-light-color)`,
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
  },
  dark: {},
});
