import { Box, Checkbox, Field, Input, Table, Text } from '@chakra-ui/react';
import { useMutation } from '@apollo/client/react';
import { useState } from 'react';
import { VOLUMEN } from '@domain/componentes';
import { formatDate } from '@domain/dates';
import { DialogForm, FormDialog } from '@/components/form-dialog';
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

/** One unit that may be made: whether it is chosen, and its volume as typed. */
type Linea = { incluido: boolean; volumen: string };

/**
 * For each type, one line per unit the donation may give of it (the domain's maximum: one from a
 * bag, up to two from an apheresis); the default split's units chosen, every volume proposed.
 */
function lineasIniciales(d: DonacionPorFraccionarFragment): Record<TipoComponente, Linea[]> {
  const { maximos, propuestos, volumen } = tiposDeBolsa(d);
  return Object.fromEntries(
    TIPOS.map((t) => {
      const pedidas = propuestos.filter((p) => p === t).length;
      const lineas = Array.from({ length: maximos[t] }, (_, i) => ({
        incluido: i < pedidas,
        volumen: String(volumen[t]),
      }));
      return [t, lineas];
    }),
  ) as Record<TipoComponente, Linea[]>;
}

/** The name of a type's unit: the product alone for the first, 'unidad 2' added for another. */
const nombreUnidad = (tipo: TipoComponente, i: number) =>
  i === 0 ? NOMBRE_PRODUCTO[tipo] : `${NOMBRE_PRODUCTO[tipo]}, unidad ${i + 1}`;

export type FraccionarDialogProps = {
  donacion: DonacionPorFraccionarFragment | null;
  onClose: () => void;
  /** The components made, to print their labels. */
  onFraccionada: (donacion: DonacionPorFraccionarFragment, componentes: ComponenteDatosFragment[]) => void;
};

/**
 * 'Fraccionar': the components the donation's bag gives, proposed as the default split with their
 * usual volumes; the volumes can be changed within bounds and a type left out or added
 * (cryoprecipitate with or instead of the plasma), and a second unit of a type chosen where the
 * domain allows one (an apheresis: tiposPermitidos). Confirmed as proposed, the server applies its
 * own default split.
 */
export function FraccionarDialog({ donacion, onClose, onFraccionada }: FraccionarDialogProps) {
  return (
    <FormDialog open={donacion !== null} onClose={onClose}>
      {donacion && (
        <FraccionarForm
          key={donacion.id}
          donacion={donacion}
          onClose={onClose}
          onFraccionada={onFraccionada}
        />
      )}
    </FormDialog>
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
  const { permitidos, maximos } = tiposDeBolsa(donacion);
  // The units chosen, in the domain's order of types and each type's units in order.
  const elegidas = permitidos.flatMap((tipo) =>
    lineas[tipo].flatMap((linea, i) => (linea.incluido ? [{ tipo, i, linea }] : [])),
  );
  const errorDe = (tipo: TipoComponente, i: number) =>
    lineas[tipo][i].incluido ? errorVolumen(tipo, lineas[tipo][i].volumen) : null;
  const ninguno = elegidas.length === 0;
  const invalido = ninguno || elegidas.some((e) => errorDe(e.tipo, e.i));

  const cambiar = (tipo: TipoComponente, i: number, cambio: Partial<Linea>) => {
    setCambiado(true);
    setLineas((l) => ({
      ...l,
      [tipo]: l[tipo].map((linea, j) => (j === i ? { ...linea, ...cambio } : linea)),
    }));
  };

  const confirmar = async () => {
    setIntentado(true);
    if (invalido) return;
    setErrores(null);
    const componentes: ComponenteInput[] | null = cambiado
      ? elegidas.map(({ tipo, linea }) => ({ tipo, volumen: Number(linea.volumen.trim()) }))
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
  return (
    <DialogForm
      title={`Fraccionar la donación N° ${donacion.numero}`}
      intro={
        <Text fontSize="sm">
          {`${donacion.apellido}, ${donacion.nombre} · ${formatDate(donacion.fecha)} · ${bolsa} · `}
          {donacion.identificadorUnidad
            ? `Unidad ${agruparIdentificador(donacion.identificadorUnidad)}`
            : 'Sin identificador de unidad'}
        </Text>
      }
      errors={errores}
      onDismissErrors={() => setErrores(null)}
      onSubmit={() => void confirmar()}
      onCancel={onClose}
      busy={loading}
      submitLabel="Fraccionar"
      busyLabel="Fraccionando..."
    >
      <Table.Root size="sm" aria-label="Componentes a preparar">
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader>Componente</Table.ColumnHeader>
            <Table.ColumnHeader>Volumen (ml)</Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {permitidos.flatMap((tipo) =>
            lineas[tipo].map((linea, i) => {
              const { minimo, maximo } = VOLUMEN[tipo];
              const error = intentado || cambiado ? errorDe(tipo, i) : null;
              const nombre = nombreUnidad(tipo, i);
              return (
                <Table.Row key={`${tipo}-${i}`}>
                  <Table.Cell>
                    <Checkbox.Root
                      checked={linea.incluido}
                      onCheckedChange={(e) => cambiar(tipo, i, { incluido: e.checked === true })}
                      colorPalette="brand"
                    >
                      <Checkbox.HiddenInput />
                      <Checkbox.Control />
                      <Checkbox.Label>{nombre}</Checkbox.Label>
                    </Checkbox.Root>
                  </Table.Cell>
                  <Table.Cell>
                    <Field.Root invalid={Boolean(error)} disabled={!linea.incluido}>
                      <Field.Label srOnly>{`Volumen de ${nombre} (ml)`}</Field.Label>
                      <Input
                        size="sm"
                        width="24"
                        inputMode="numeric"
                        autoComplete="off"
                        value={linea.volumen}
                        onChange={(e) => cambiar(tipo, i, { volumen: e.target.value })}
                      />
                      <Field.HelperText>{`${minimo} a ${maximo}`}</Field.HelperText>
                      {error && <Field.ErrorText>{error}</Field.ErrorText>}
                    </Field.Root>
                  </Table.Cell>
                </Table.Row>
              );
            }),
          )}
        </Table.Body>
      </Table.Root>
      {permitidos.some((t) => maximos[t] > 1) && (
        <Text fontSize="sm" color="gray.600">
          La aféresis puede dar más de una unidad de un mismo componente (una doble dosis, por ejemplo):
          marque cada unidad obtenida con su volumen.
        </Text>
      )}
      {permitidos.includes('CRIOPRECIPITADO') && (
        <Text fontSize="sm" color="gray.600">
          El crioprecipitado se prepara a partir del plasma: puede elegirse junto con el plasma o en su lugar.
        </Text>
      )}
      {intentado && ninguno && (
        <Box role="alert" color="red.700" fontSize="sm">
          Elija al menos un componente
        </Box>
      )}
    </DialogForm>
  );
}
