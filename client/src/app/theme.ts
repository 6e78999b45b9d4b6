import { createSystem, defaultBaseConfig, defineConfig } from '@chakra-ui/react';
import {
  alertSlotRecipe,
  animationStyles,
  badgeRecipe,
  codeRecipe,
  breakpoints,
  buttonRecipe,
  checkboxSlotRecipe,
  checkmarkRecipe,
  collapsibleSlotRecipe,
  cssVarsPrefix,
  cssVarsRoot,
  dialogSlotRecipe,
  drawerSlotRecipe,
  fieldSlotRecipe,
  globalCss,
  headingRecipe,
  iconRecipe,
  inputRecipe,
  keyframes,
  layerStyles,
  linkRecipe,
  listSlotRecipe,
  nativeSelectSlotRecipe,
  radioGroupSlotRecipe,
  radiomarkRecipe,
  semanticTokens,
  spinnerRecipe,
  tableSlotRecipe,
  textStyles,
  toastSlotRecipe,
  tokens,
} from '@chakra-ui/react/theme';

/**
 * Colour palettes no screen uses. createSystem builds every token's CSS variable while the app
 * starts, on the main thread before the first paint: with these four it took twice as long.
 * The screens use gray, red, orange, green, blue (the alerts', badges' and toasts' status
 * colours), purple and the app's own brand and blood.
 */
const UNUSED_PALETTES = new Set(['yellow', 'teal', 'cyan', 'pink']);

function withoutUnusedPalettes<T extends object>(colors: T): T {
  return Object.fromEntries(Object.entries(colors).filter(([name]) => !UNUSED_PALETTES.has(name))) as T;
}

/**
 * Chakra's default theme with only the recipes of the components this app uses (defaultConfig
 * carries ~80, a fifth of the first page's JavaScript). A component whose recipe is missing here
 * renders unstyled: add its recipe (and those of the parts it draws: Checkbox needs checkmark,
 * Field's required mark needs icon, Button's loader needs spinner) when adopting it.
 */
const themeConfig = defineConfig({
  preflight: true,
  cssVarsPrefix,
  cssVarsRoot,
  globalCss,
  theme: {
    breakpoints,
    keyframes,
    tokens: { ...tokens, colors: withoutUnusedPalettes(tokens.colors ?? {}) },
    semanticTokens: { ...semanticTokens, colors: withoutUnusedPalettes(semanticTokens.colors ?? {}) },
    textStyles,
    layerStyles,
    animationStyles,
    recipes: {
      badge: badgeRecipe,
      code: codeRecipe,
      button: buttonRecipe,
      checkmark: checkmarkRecipe,
      heading: headingRecipe,
      icon: iconRecipe,
      input: inputRecipe,
      link: linkRecipe,
      radiomark: radiomarkRecipe,
      spinner: spinnerRecipe,
    },
    slotRecipes: {
      alert: alertSlotRecipe,
      checkbox: checkboxSlotRecipe,
      collapsible: collapsibleSlotRecipe,
      dialog: dialogSlotRecipe,
      drawer: drawerSlotRecipe,
      field: fieldSlotRecipe,
      list: listSlotRecipe,
      nativeSelect: nativeSelectSlotRecipe,
      radioGroup: radioGroupSlotRecipe,
      table: tableSlotRecipe,
      toast: toastSlotRecipe,
    },
  },
});

/**
 * A sober clinical look: white surfaces, slate greys and a deep teal as the
 * action colour; a dark blood red only as an accent (brand mark).
 */
export const lookConfig = defineConfig({
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
        // Status text on white must reach WCAG AA (4.5:1). Chakra's defaults do not: validation
        // messages and the required mark in red.500 are 3.8:1, orange.600 3.6:1, green.600 3.3:1.
        // Every field error, alert and badge takes these, so no screen sets its own red.
        fg: {
          error: { value: '{colors.red.700}' },
          warning: { value: '{colors.orange.700}' },
          success: { value: '{colors.green.700}' },
        },
      },
    },
  },
});

export const system = createSystem(defaultBaseConfig, themeConfig, lookConfig);
