import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { ReactNode } from 'react';
import {
  Alert,
  Badge,
  Box,
  Button,
  Center,
  ChakraProvider,
  Checkbox,
  CloseButton,
  Code,
  Collapsible,
  Dialog,
  Drawer,
  Field,
  Flex,
  Grid,
  HStack,
  Heading,
  IconButton,
  Input,
  Link,
  List,
  NativeSelect,
  Portal,
  RadioGroup,
  SimpleGrid,
  Spinner,
  Stack,
  Table,
  Text,
  VisuallyHidden,
  createSystem,
  defaultBaseConfig,
  defaultConfig,
  type SystemContext,
} from '@chakra-ui/react';
import { act, cleanup, render, screen } from '@testing-library/react';
import { showToast } from '@/components/toast';
import { Toaster } from '@/components/toaster';
import { lookConfig, system } from './theme';

/**
 * The theme carries only the recipes of the Chakra components the app uses (a smaller first
 * page). A component whose recipe is missing renders unstyled without any warning, so each
 * component the app imports is drawn here, with the parts the app uses, under the app's theme and
 * under Chakra's full default theme with the app's look: every element must get the same styles
 * (the same class).
 */
const everyRecipe = createSystem(defaultConfig, lookConfig);
const SPECIMENS: Record<string, () => ReactNode> = {
  Alert: () => (
    <Alert.Root status="error">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>Título</Alert.Title>
        <Alert.Description>Descripción</Alert.Description>
      </Alert.Content>
    </Alert.Root>
  ),
  Badge: () => <Badge colorPalette="green">Activo</Badge>,
  Box: () => <Box p="2">caja</Box>,
  Code: () => <Code>ACDE-FGHJ-KMNP</Code>,
  // loading: the button draws a spinner
  Button: () => (
    <>
      <Button variant="outline">Guardar</Button>
      <Button loading>Guardando</Button>
    </>
  ),
  Center: () => <Center>centro</Center>,
  Checkbox: () => (
    <Checkbox.Root defaultChecked>
      <Checkbox.HiddenInput />
      <Checkbox.Control />
      <Checkbox.Label>Marca</Checkbox.Label>
    </Checkbox.Root>
  ),
  CloseButton: () => <CloseButton aria-label="Cerrar" />,
  Collapsible: () => (
    <Collapsible.Root defaultOpen>
      <Collapsible.Trigger>Más</Collapsible.Trigger>
      <Collapsible.Content>Contenido</Collapsible.Content>
    </Collapsible.Root>
  ),
  Dialog: () => (
    <Dialog.Root open>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>Diálogo</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>Cuerpo</Dialog.Body>
            <Dialog.Footer>
              <Dialog.ActionTrigger>Cancelar</Dialog.ActionTrigger>
            </Dialog.Footer>
            <Dialog.CloseTrigger />
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  ),
  Drawer: () => (
    <Drawer.Root open>
      <Portal>
        <Drawer.Backdrop />
        <Drawer.Positioner>
          <Drawer.Content>
            <Drawer.Header>
              <Drawer.Title>Menú</Drawer.Title>
            </Drawer.Header>
            <Drawer.Body>Cuerpo</Drawer.Body>
            <Drawer.CloseTrigger />
          </Drawer.Content>
        </Drawer.Positioner>
      </Portal>
    </Drawer.Root>
  ),
  Field: () => (
    <Field.Root required invalid>
      <Field.Label>
        Nombre <Field.RequiredIndicator />
      </Field.Label>
      <Input />
      <Field.HelperText>Ayuda</Field.HelperText>
      <Field.ErrorText>Error</Field.ErrorText>
    </Field.Root>
  ),
  Flex: () => <Flex gap="2">flex</Flex>,
  Grid: () => <Grid templateColumns="1fr 1fr">grilla</Grid>,
  HStack: () => <HStack>fila</HStack>,
  Heading: () => <Heading size="lg">Título</Heading>,
  IconButton: () => <IconButton aria-label="Menú">≡</IconButton>,
  Input: () => <Input placeholder="DNI" />,
  Link: () => <Link href="/">Inicio</Link>,
  List: () => (
    <List.Root>
      <List.Item>uno</List.Item>
    </List.Root>
  ),
  NativeSelect: () => (
    <NativeSelect.Root>
      <NativeSelect.Field>
        <option value="a">A</option>
      </NativeSelect.Field>
      <NativeSelect.Indicator />
    </NativeSelect.Root>
  ),
  Portal: () => <Portal>en portal</Portal>,
  RadioGroup: () => (
    <RadioGroup.Root defaultValue="a">
      <RadioGroup.Item value="a">
        <RadioGroup.ItemHiddenInput />
        <RadioGroup.ItemIndicator />
        <RadioGroup.ItemText>A</RadioGroup.ItemText>
      </RadioGroup.Item>
    </RadioGroup.Root>
  ),
  SimpleGrid: () => <SimpleGrid columns={2}>grilla</SimpleGrid>,
  Spinner: () => <Spinner />,
  Stack: () => <Stack>pila</Stack>,
  Table: () => (
    <Table.ScrollArea>
      <Table.Root>
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader>N°</Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          <Table.Row>
            <Table.Cell>1</Table.Cell>
          </Table.Row>
        </Table.Body>
      </Table.Root>
    </Table.ScrollArea>
  ),
  Text: () => <Text textStyle="sm">texto</Text>,
  // the app's own toaster, with a toast showing
  Toast: () => <Toaster />,
  VisuallyHidden: () => <VisuallyHidden>oculto</VisuallyHidden>,
};

/** What the theme decides: every element of the page, with its classes, in order. */
async function drawn(value: SystemContext, specimen: () => ReactNode): Promise<string[]> {
  render(<ChakraProvider value={value}>{specimen()}</ChakraProvider>);
  await act(async () => {});
  if (specimen === SPECIMENS.Toast) await screen.findByText('Guardado');
  const elements = [...document.body.querySelectorAll('*')].map(
    (e) => `${e.tagName.toLowerCase()}.${e.getAttribute('class') ?? ''}`,
  );
  cleanup();
  return elements;
}

beforeAll(async () => {
  showToast('Guardado');
});

test.each(Object.keys(SPECIMENS))('%s looks the same as with every recipe of Chakra', async (name) => {
  const expected = await drawn(everyRecipe, SPECIMENS[name]);
  expect(await drawn(system, SPECIMENS[name])).toEqual(expected);
});

test('the comparison sees a missing recipe', async () => {
  const noRecipes = createSystem(defaultBaseConfig, lookConfig);
  expect(await drawn(noRecipes, SPECIMENS.Button)).not.toEqual(await drawn(everyRecipe, SPECIMENS.Button));
});

/** Names imported (not type-only) from '@chakra-ui/react' anywhere in the app. */
function importedNames(): Set<string> {
  const files = (dir: string): string[] =>
    readdirSync(dir).flatMap((name) => {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) return files(path);
      return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
    });
  const names = new Set<string>();
  for (const file of files(join(__dirname, '..'))) {
    const code = readFileSync(file, 'utf8');
    for (const m of code.matchAll(/import\s+(?!type\b)\{([^}]*)\}\s*from\s*'@chakra-ui\/react'/g)) {
      for (const part of m[1].split(',')) {
        const name = part.trim().split(/\s+as\s+/)[0];
        if (name && !name.startsWith('type ')) names.add(name);
      }
    }
  }
  return names;
}

test('every component the app imports from Chakra is drawn above', () => {
  // functions and the provider are not components with a look of their own
  const notDrawn = [
    'ChakraProvider',
    'Toaster', // drawn as Toast, through the app's own toaster
    'createSystem',
    'createToaster',
    'defaultBaseConfig',
    'defaultSystem',
    'defineConfig',
  ];
  const missing = [...importedNames()].filter((n) => !notDrawn.includes(n) && !(n in SPECIMENS));
  expect(missing).toEqual([]);
});
