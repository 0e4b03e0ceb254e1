/**
 * Milliseconds on a clock that never steps back, for every wait and age the projection group keeps:
 * the wall clock does step (NTP, a VM resumed), and a step back stalled every read model for its length
 * (review 14, G3). Wall time stays where a time is recorded (a first failure, the rows).
 */
export const clock = (): number => performance.now();
