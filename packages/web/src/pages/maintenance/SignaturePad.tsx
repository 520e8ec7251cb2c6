import { Button, Space } from 'antd';
import { forwardRef, useImperativeHandle, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

export interface SignaturePadHandle {
  /** The drawing as a PNG, or null while nothing is drawn. */
  toBlob(): Promise<Blob | null>;
}

/** A signature drawn with a finger or a mouse on a canvas; kept as a PNG attachment of the order. */
export const SignaturePad = forwardRef<SignaturePadHandle, { testId: string }>(function SignaturePad(props, ref) {
  const { t } = useTranslation();
  const canvas = useRef<HTMLCanvasElement>(null);
  const drawing = useRef(false);
  const [drawn, setDrawn] = useState(false);
  useImperativeHandle(ref, () => ({
    toBlob: () =>
      new Promise((resolve) => {
        if (!drawn || !canvas.current) resolve(null);
        else canvas.current.toBlob((b) => resolve(b), 'image/png');
      }),
  }));
  const point = (e: React.PointerEvent<HTMLCanvasElement>) => {
    const box = e.currentTarget.getBoundingClientRect();
    return [
      ((e.clientX - box.left) * e.currentTarget.width) / box.width,
      ((e.clientY - box.top) * e.currentTarget.height) / box.height,
    ] as const;
  };
  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <span>{t('maint.signHere')}</span>
      <canvas
        ref={canvas}
        width={600}
        height={240}
        data-testid={props.testId}
        data-drawn={drawn ? 'yes' : 'no'}
        style={{
          width: '100%',
          maxWidth: 480,
          aspectRatio: '5 / 2',
          border: '1px solid #d9d9d9',
          touchAction: 'none',
          background: '#fff',
        }}
        onPointerDown={(e) => {
          const ctx = e.currentTarget.getContext('2d');
          if (!ctx) return;
          drawing.current = true;
          e.currentTarget.setPointerCapture(e.pointerId);
          ctx.lineWidth = 4;
          ctx.lineCap = 'round';
          ctx.beginPath();
          ctx.moveTo(...point(e));
        }}
        onPointerMove={(e) => {
          if (!drawing.current) return;
          const ctx = e.currentTarget.getContext('2d');
          ctx?.lineTo(...point(e));
          ctx?.stroke();
          if (!drawn) setDrawn(true);
        }}
        onPointerUp={() => {
          drawing.current = false;
        }}
      />
      <Button
        size="small"
        onClick={() => {
          canvas.current?.getContext('2d')?.clearRect(0, 0, 600, 240);
          setDrawn(false);
        }}
      >
        {t('maint.clearSignature')}
      </Button>
    </Space>
  );
});
