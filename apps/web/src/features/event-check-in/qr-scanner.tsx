import QrCodeScanner from '@mui/icons-material/QrCodeScanner';
import Stop from '@mui/icons-material/Stop';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

type Detect = (video: HTMLVideoElement) => Promise<string | null>;
type NativeDetector = {
  new (options: { formats: string[] }): { detect: (source: HTMLVideoElement) => Promise<{ rawValue: string }[]> };
  getSupportedFormats?: () => Promise<string[]>;
};

/**
 * The browser's BarcodeDetector where it reads QR codes (Chrome on Android, Safari 17+ on
 * macOS); elsewhere jsQR on a scaled frame, loaded only then.
 */
async function createDetector(): Promise<Detect> {
  const Native = (window as unknown as { BarcodeDetector?: NativeDetector }).BarcodeDetector;
  const formats = Native ? await Native.getSupportedFormats?.().catch(() => []) : [];
  if (Native && formats?.includes('qr_code')) {
    const detector = new Native({ formats: ['qr_code'] });
    return async (video) => (await detector.detect(video))[0]?.rawValue ?? null;
  }
  const { default: jsQR } = await import('jsqr');
  const canvas = document.createElement('canvas');
  const context = canvas.getContext('2d', { willReadFrequently: true });
  return async (video) => {
    const { videoWidth: width, videoHeight: height } = video;
    if (!context || !width || !height) return null;
    const scale = Math.min(1, 640 / Math.max(width, height));
    canvas.width = Math.round(width * scale);
    canvas.height = Math.round(height * scale);
    context.drawImage(video, 0, 0, canvas.width, canvas.height);
    const image = context.getImageData(0, 0, canvas.width, canvas.height);
    return jsQR(image.data, image.width, image.height, { inversionAttempts: 'dontInvert' })?.data ?? null;
  };
}

const FRAME_MS = 120;
/** The same code again counts only after this pause (a ticket stays in front of the camera). */
const REPEAT_MS = 3000;

/** The camera at the door: reads QR codes until stopped and hands each new one to `onCode`. */
export function QrScanner({ onCode }: { onCode: (text: string) => void }) {
  const { t } = useTranslation();
  const [isOn, setOn] = useState(false);
  const [hasFailed, setFailed] = useState(false);
  const video = useRef<HTMLVideoElement>(null);
  const onCodeRef = useRef(onCode);
  useEffect(() => {
    onCodeRef.current = onCode;
  }, [onCode]);

  useEffect(() => {
    if (!isOn) return;
    let isStopped = false;
    let stream: MediaStream | null = null;
    let timer = 0;
    let last = { text: '', at: 0 };
    void (async () => {
      try {
        stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: 'environment' }, audio: false });
      } catch {
        setFailed(true);
        setOn(false);
        return;
      }
      const element = video.current;
      if (isStopped || !element) {
        stream.getTracks().forEach((track) => track.stop());
        return;
      }
      element.srcObject = stream;
      await element.play().catch(() => undefined);
      const detect = await createDetector();
      const frame = async () => {
        if (isStopped) return;
        const text = element.readyState >= 2 ? await detect(element).catch(() => null) : null;
        const now = Date.now();
        if (text && (text !== last.text || now - last.at > REPEAT_MS)) onCodeRef.current(text);
        if (text) last = { text, at: now };
        timer = window.setTimeout(() => void frame(), FRAME_MS);
      };
      void frame();
    })();
    return () => {
      isStopped = true;
      window.clearTimeout(timer);
      stream?.getTracks().forEach((track) => track.stop());
    };
  }, [isOn]);

  return (
    <Stack spacing={1}>
      <Button
        variant={isOn ? 'outlined' : 'contained'}
        size="large"
        startIcon={isOn ? <Stop /> : <QrCodeScanner />}
        onClick={() => {
          setFailed(false);
          setOn(!isOn);
        }}
      >
        {isOn ? t('eventCheckIn.scan.stop') : t('eventCheckIn.scan.start')}
      </Button>
      {hasFailed ? <Alert severity="warning">{t('eventCheckIn.scan.noCamera')}</Alert> : null}
      {isOn ? (
        <Box
          component="video"
          ref={video}
          muted
          playsInline
          aria-label={t('eventCheckIn.scan.video')}
          sx={{ width: '100%', maxHeight: '45vh', objectFit: 'cover', borderRadius: 1, bgcolor: 'common.black' }}
        />
      ) : null}
    </Stack>
  );
}
