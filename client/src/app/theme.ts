import { createSystem, defaultConfig, defineConfig } from '@chakra-ui/react';

/**
 * A sober clinical look: white surfaces, slate greys and a deep teal as the
 * action colour; a dark blood red only as an accent (brand mark).
 */
const config = defineConfig({
  globalCss: {
    'html, body': { bg: 'gray.50', color: 'gray.800' },
  },
  theme: {
    tokens: {
      fonts: {
        heading: { value: "'Inter', 'Segoe UI', system-ui, -apple-system, Roboto, sans-serif" },
        body: { value: "'Inter', 'Segoe UI', system-ui, -apple-system, Roboto, sans-serif" },
      },
      colors: {
        brand: {
          50: { value: '#eef7f8' },
          100: { value: '#d4ebee' },
          200: { value: '#a9d6dc' },
          300: { value: '#74bac4' },
          400: { value: '#3f97a5' },
          500: { value: '#1f7a8a' },
          600: { value: '#176575' },
          700: { value: '#13525f' },
          800: { value: '#10414b' },
          900: { value: '#0c3038' },
          950: { value: '#071d22' },
        },
        blood: {
          500: { value: '#a3202b' },
          600: { value: '#8a1a24' },
        },
      },
    },
    semanticTokens: {
      colors: {
        brand: {
          solid: { value: '{colors.brand.600}' },
          contrast: { value: 'white' },
          fg: { value: '{colors.brand.700}' },
          muted: { value: '{colors.brand.100}' },
          subtle: { value: '{colors.brand.50}' },
          emphasized: { value: '{colors.brand.200}' },
          focusRing: { value: '{colors.brand.500}' },
        },
        // White on the default green.600 is 3.3:1; green.700 reaches 5:1 (WCAG AA) for 'Imprimir Libro'.
        green: {
          solid: { value: '{colors.green.700}' },
        },
      },
    },
  },
});

export const system = createSystem(defaultConfig, config);
