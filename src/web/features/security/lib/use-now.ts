export { useNow } from '@/web/lib/relative-time';
