import { randomString } from '../../platform/ids';
import type { CodeConfig } from '../../platform/db/schema';

const DEFAULT_CHARSET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';

/**
 * A new card code from the campaign's code config. A pattern's `#` marks become random characters
 * of the charset ("LOY-####-####"); without a pattern, prefix + `length` random characters + postfix.
 */
export function generateCardCode(config: CodeConfig): string {
  const charset = config.charset || DEFAULT_CHARSET;
  if (config.pattern) {
    return config.pattern.replace(/#/g, () => randomString(1, charset));
  }
  return `${config.prefix ?? ''}${randomString(config.length ?? 8, charset)}${config.postfix ?? ''}`;
}
