/**
 * Charts of long runs stay light: the same min/max-per-bucket downsampling as the HTML report (a one-second spike in
 * an hour-long run still shows; gaps stay gaps).
 */
export { downsample, type Point } from 'loadsmith/report';
