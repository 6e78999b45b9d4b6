import { Font } from '@react-pdf/renderer';

/** Shared look of the printables: Helvetica (standard PDF font, Latin-1: ñ, á, °). */
export const FONT = 'Helvetica';
export const FONT_BOLD = 'Helvetica-Bold';
export const INK = '#000000';
export const RULE = '#555555';
export const LIGHT = '#999999';

// Names, streets and places must never be split with a hyphen ('Bahía Blan-ca'): wrap whole words.
Font.registerHyphenationCallback((word) => [word]);
