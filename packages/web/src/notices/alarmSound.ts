import { isMuted } from './muteStore';

let audio: AudioContext | null = null;

/** A short two-tone alarm through Web Audio, unless the console is muted; silent when the browser forbids it. */
export function playAlarmSound(): void {
  if (isMuted()) return;
  try {
    audio ??= new AudioContext();
    const start = audio.currentTime;
    [880, 660, 880].forEach((frequency, i) => {
      const osc = audio!.createOscillator();
      const gain = audio!.createGain();
      osc.frequency.value = frequency;
      gain.gain.value = 0.15;
      osc.connect(gain).connect(audio!.destination);
      osc.start(start + i * 0.25);
      osc.stop(start + i * 0.25 + 0.2);
    });
  } catch {
    // No audio device or autoplay blocked: the notification still shows.
  }
}
