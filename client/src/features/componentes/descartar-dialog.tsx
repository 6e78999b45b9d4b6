import { Field, Input, NativeSelect, Text } from '@chakra-ui/react';
import { useMutation } from '@apollo/client/react';
import { useState } from 'react';
import { MSG } from '@domain/messages';
import { DialogForm, FormDialog } from '@/components/form-dialog';
import { DescartarComponenteDocument } from '@/generated/graphql';
import type { ComponenteDatosFragment, MotivoDescarte } from '@/generated/graphql';
import { errorMessages } from '@/lib/graphql-errors';
import { NOMBRE_PRODUCTO, agruparIdentificador } from './componentes-format';
import { DETALLE_DESCARTE_MAX, MOTIVOS_DESCARTE, MOTIVO_DESCARTE_LABELS } from './reglas';

export type DescartarDialogProps = {
  componente: ComponenteDatosFragment | null;
  onClose: () => void;
  onDescartado: (c: ComponenteDatosFragment) => void;
};

/** 'Descartar': the coded reason, and a detail (required for 'Otro'). */
export function DescartarDialog({ componente, onClose, onDescartado }: DescartarDialogProps) {
  return (
    <FormDialog open={componente !== null} onClose={onClose}>
      {componente && (
        <DescartarForm
          key={componente.id}
          componente={componente}
          onClose={onClose}
          onDescartado={onDescartado}
        />
      )}
    </FormDialog>
  );
}

function DescartarForm({
  componente,
  onClose,
  onDescartado,
}: {
  componente: ComponenteDatosFragment;
  onClose: () => void;
  onDescartado: (c: ComponenteDatosFragment) => void;
}) {
  const [motivo, setMotivo] = useState<MotivoDescarte | ''>('');
  const [detalle, setDetalle] = useState('');
  const [intentado, setIntentado] = useState(false);
  const [errores, setErrores] = useState<string[] | null>(null);
  const [descartar, { loading }] = useMutation(DescartarComponenteDocument, {
    refetchQueries: ['Componentes'],
  });
  const errorMotivo = motivo === '' ? 'Elija el motivo del descarte' : null;
  const errorDetalle = motivo === 'OTRO' && detalle.trim() === '' ? MSG.detalleDescarteRequerido : null;

  const confirmar = async () => {
    setIntentado(true);
    if (errorMotivo || errorDetalle || motivo === '') return;
    setErrores(null);
    try {
      const { data } = await descartar({
        variables: { id: componente.id, motivo, detalle: detalle.trim() || null },
      });
      if (data) onDescartado(data.descartarComponente);
      onClose();
    } catch (e) {
      setErrores(errorMessages(e));
    }
  };

  const identificador = agruparIdentificador(componente.codigo);
  return (
    <DialogForm
      title="Descartar la unidad"
      intro={<Text fontSize="sm">{`${NOMBRE_PRODUCTO[componente.tipo]} · ${identificador}`}</Text>}
      errors={errores}
      onDismissErrors={() => setErrores(null)}
      onSubmit={() => void confirmar()}
      onCancel={onClose}
      busy={loading}
      submitLabel="Descartar"
      busyLabel="Descartando..."
      colorPalette="red"
    >
      <Field.Root required invalid={intentado && Boolean(errorMotivo)}>
        <Field.Label>
          Motivo
          <Field.RequiredIndicator />
        </Field.Label>
        <NativeSelect.Root>
          <NativeSelect.Field
            value={motivo}
            onChange={(e) => setMotivo(e.target.value as MotivoDescarte | '')}
          >
            <option value="">Elija un motivo</option>
            {MOTIVOS_DESCARTE.map((m) => (
              <option key={m} value={m}>
                {MOTIVO_DESCARTE_LABELS[m]}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
        {intentado && errorMotivo && <Field.ErrorText>{errorMotivo}</Field.ErrorText>}
      </Field.Root>
      <Field.Root required={motivo === 'OTRO'} invalid={intentado && Boolean(errorDetalle)}>
        <Field.Label>
          Detalle
          <Field.RequiredIndicator fallback={<Text as="span"> (opcional)</Text>} />
        </Field.Label>
        <Input
          value={detalle}
          maxLength={DETALLE_DESCARTE_MAX}
          onChange={(e) => setDetalle(e.target.value)}
          autoComplete="off"
        />
        {intentado && errorDetalle && <Field.ErrorText>{errorDetalle}</Field.ErrorText>}
      </Field.Root>
    </DialogForm>
  );
}
