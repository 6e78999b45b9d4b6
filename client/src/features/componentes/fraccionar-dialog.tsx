import { Box, Button, Checkbox, Dialog, Field, Input, Portal, Stack, Table, Text } from '@chakra-ui/react';
import { useMutation } from '@apollo/client/react';
import { useState } from 'react';
import { formatDate } from '@domain/dates';
import { AppAlert } from '@/components/app-alert';
import { ServerErrors } from '@/components/server-errors';
import { FraccionarDonacionDocument } from '@/generated/graphql';
import type {
  ComponenteDatosFragment,
  ComponenteInput,
  DonacionPorFraccionarFragment,
  TipoComponente,
} from '@/generated/graphql';
import { errorMessages } from '@/lib/graphql-errors';
import { NOMBRE_PRODUCTO, agruparIdentificador } from './componentes-format';
import { TIPOS, errorVolumen, tiposDeBolsa } from './reglas';
import { VOLUMEN } from '@domain/componentes';

type Linea = { incluido: boolean; volumen: string };

function lineasIniciales(d: DonacionPorFraccionarFragment): Record<TipoComponente, Linea> {
  const { propuestos, volumen } = tiposDeBolsa(d);
  return Object.fromEntries(
    TIPOS.map((t) => [t, { incluido: propuestos.includes(t), volumen: String(volumen[t]) }]),
  ) as Record<TipoComponente, Linea>;
}

export type FraccionarDialogProps = {
  donacion: DonacionPorFraccionarFragment | null;
  onClose: () => void;
  /** The components made, to print their labels. */
  onFraccionada: (donacion: DonacionPorFraccionarFragment, componentes: ComponenteDatosFragment[]) => void;
};

/**
 * 'Fraccionar': the components the donation's bag gives, proposed as the default split with their
 * usual volumes; the volumes can be changed within bounds and a type left out or added
 * (cryoprecipitate with or instead of the plasma). Confirmed as proposed, the server applies its
 * own default split.
 */
export function FraccionarDialog({ donacion, onClose, onFraccionada }: FraccionarDialogProps) {
  return (
    <Dialog.Root
      open={donacion !== null}
      onOpenChange={(e) => {
        if (!e.open) onClose();
      }}
      placement="center"
      size="md"
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            {donacion && (
              <FraccionarForm
                key={donacion.id}
                donacion={donacion}
                onClose={onClose}
                onFraccionada={onFraccionada}
              />
            )}
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

function FraccionarForm({
  donacion,
  onClose,
  onFraccionada,
}: {
  donacion: DonacionPorFraccionarFragment;
  onClose: () => void;
  onFraccionada: FraccionarDialogProps['onFraccionada'];
}) {
  const [lineas, setLineas] = useState(() => lineasIniciales(donacion));
  const [cambiado, setCambiado] = useState(false);
  const [errores, setErrores] = useState<string[] | null>(null);
  const [intentado, setIntentado] = useState(false);
  const [fraccionar, { loading }] = useMutation(FraccionarDonacionDocument, {
    refetchQueries: ['DonacionesPorFraccionar', 'Componentes'],
  });
  const { permitidos } = tiposDeBolsa(donacion);
  const elegidos = permitidos.filter((t) => lineas[t].incluido);
  const erroresVolumen = Object.fromEntries(
    elegidos.map((t) => [t, errorVolumen(t, lineas[t].volumen)]),
  ) as Partial<Record<TipoComponente, string | null>>;
  const ninguno = elegidos.length === 0;
  const invalido = ninguno || elegidos.some((t) => erroresVolumen[t]);

  const cambiar = (tipo: TipoComponente, cambio: Partial<Linea>) => {
    setCambiado(true);
    setLineas((l) => ({ ...l, [tipo]: { ...l[tipo], ...cambio } }));
  };

  const confirmar = async () => {
    setIntentado(true);
    if (invalido) return;
    setErrores(null);
    const componentes: ComponenteInput[] | null = cambiado
      ? elegidos.map((tipo) => ({ tipo, volumen: Number(lineas[tipo].volumen.trim()) }))
      : null;
    try {
      const { data } = await fraccionar({ variables: { donacionId: donacion.id, componentes } });
      if (data) onFraccionada(donacion, data.fraccionarDonacion);
      onClose();
    } catch (e) {
      setErrores(errorMessages(e));
    }
  };

  const bolsa = donacion.donacionAferesis ? 'Aféresis' : donacion.tipoBolsa;
  const titulo = `Fraccionar la donación N° ${donacion.numero}`;
  return (
    <form
      aria-label={titulo}
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void confirmar();
      }}
    >
      <Dialog.Header>
        <Dialog.Title fontSize="md">{titulo}</Dialog.Title>
      </Dialog.Header>
      <Dialog.Body>
        <Stack gap="4">
          <Text fontSize="sm">
            {`${donacion.apellido}, ${donacion.nombre} · ${formatDate(donacion.fecha)} · ${bolsa} · `}
            {donacion.identificadorUnidad
              ? `Unidad ${agruparIdentificador(donacion.identificadorUnidad)}`
              : 'Sin identificador de unidad'}
          </Text>
          {errores && (
            <AppAlert message={<ServerErrors errors={errores} />} onClose={() => setErrores(null)} />
          )}
          <Table.Root size="sm" aria-label="Componentes a preparar">
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader>Componente</Table.ColumnHeader>
                <Table.ColumnHeader>Volumen (ml)</Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {permitidos.map((tipo) => {
                const { minimo, maximo } = VOLUMEN[tipo];
                const error = intentado || cambiado ? erroresVolumen[tipo] : null;
                return (
                  <Table.Row key={tipo}>
                    <Table.Cell>
                      <Checkbox.Root
                        checked={lineas[tipo].incluido}
                        onCheckedChange={(e) => cambiar(tipo, { incluido: e.checked === true })}
                        colorPalette="brand"
                      >
                        <Checkbox.HiddenInput />
                        <Checkbox.Control />
                        <Checkbox.Label>{NOMBRE_PRODUCTO[tipo]}</Checkbox.Label>
                      </Checkbox.Root>
                    </Table.Cell>
                    <Table.Cell>
                      <Field.Root invalid={Boolean(error)} disabled={!lineas[tipo].incluido}>
                        <Field.Label srOnly>{`Volumen de ${NOMBRE_PRODUCTO[tipo]} (ml)`}</Field.Label>
                        <Input
                          size="sm"
                          width="24"
                          inputMode="numeric"
                          autoComplete="off"
                          value={lineas[tipo].volumen}
                          onChange={(e) => cambiar(tipo, { volumen: e.target.value })}
                        />
                        <Field.HelperText>{`${minimo} a ${maximo}`}</Field.HelperText>
                        {error && <Field.ErrorText>{error}</Field.ErrorText>}
                      </Field.Root>
                    </Table.Cell>
                  </Table.Row>
                );
              })}
            </Table.Body>
          </Table.Root>
          {permitidos.includes('CRIOPRECIPITADO') && (
            <Text fontSize="sm" color="gray.600">
              El crioprecipitado se prepara a partir del plasma: puede elegirse junto con el plasma o en su
              lugar.
            </Text>
          )}
          {intentado && ninguno && (
            <Box role="alert" color="red.700" fontSize="sm">
              Elija al menos un componente
            </Box>
          )}
        </Stack>
      </Dialog.Body>
      <Dialog.Footer>
        <Button variant="outline" onClick={onClose} disabled={loading}>
          Cancelar
        </Button>
        <Button type="submit" colorPalette="brand" loading={loading} loadingText="Fraccionando...">
          Fraccionar
        </Button>
      </Dialog.Footer>
    </form>
  );
}
