/**
 * Maps the free-text `unit` of a line to a UN/ECE Recommendation 20 unit code (EN 16931 BT-130).
 * Matching is case-insensitive, ignores a trailing dot and tries the singular of an English plural;
 * a few common words of the service's other languages are included. Unknown units give C62 ("one").
 */

// biome-ignore format: one line per unit code keeps the table readable (one word per line would take 260 lines)
const UNIT_WORDS: Record<string, readonly string[]> = {
  HUR: ['h', 'hr', 'hrs', 'hour', 'hours', 'stunde', 'stunden', 'std', 'uur', 'uren', 'heure', 'heures', 'hora', 'horas', 'ora', 'ore', 'час', 'часа', 'часов', 'ч', '時間', 'घंटा', 'घंटे', 'ساعة', 'ساعات'],
  DAY: ['d', 'day', 'days', 'tag', 'tage', 'dag', 'dagen', 'jour', 'jours', 'día', 'días', 'dia', 'dias', 'giorno', 'giorni', 'день', 'дня', 'дней', '日', 'दिन', 'يوم', 'أيام'],
  WEE: ['wk', 'wks', 'week', 'weeks', 'woche', 'wochen', 'weken', 'semaine', 'semaines', 'semana', 'semanas', 'settimana', 'settimane', 'неделя', 'недели', 'недель', '週', 'सप्ताह', 'أسبوع'],
  MON: ['mo', 'mon', 'mth', 'mths', 'month', 'months', 'monat', 'monate', 'maand', 'maanden', 'mois', 'mes', 'meses', 'mese', 'mesi', 'месяц', 'месяца', 'месяцев', 'か月', 'ヶ月', '月', 'महीना', 'महीने', 'شهر', 'أشهر'],
  ANN: ['y', 'yr', 'yrs', 'year', 'years', 'jahr', 'jahre', 'jaar', 'jaren', 'an', 'ans', 'année', 'années', 'año', 'años', 'ano', 'anos', 'anno', 'anni', 'год', 'года', 'лет', '年', 'वर्ष', 'سنة'],
  MIN: ['min', 'mins', 'minute', 'minutes', 'minuut', 'minuten', 'minuto', 'minutos', 'minuti', 'минута', 'минуты', 'минут', 'мин', '分'],
  SEC: ['s', 'sec', 'secs', 'second', 'seconds', 'sekunde', 'sekunden', 'seconde', 'secondes', 'segundo', 'segundos', 'secondo', 'secondi', 'секунда', 'секунд', '秒'],
  H87: ['pc', 'pcs', 'piece', 'pieces', 'stück', 'stk', 'stuk', 'stuks', 'pièce', 'pièces', 'pieza', 'piezas', 'peça', 'peças', 'pezzo', 'pezzi', 'шт', 'штука', 'штуки', 'штук', '個', '点', 'नग'],
  C62: ['unit', 'units', 'each', 'ea', 'item', 'items', 'x', 'einheit', 'eenheid', 'unité', 'unités', 'unidad', 'unidades', 'unidade', 'unità', 'единица', 'единицы'],
  KGM: ['kg', 'kgs', 'kilo', 'kilos', 'kilogram', 'kilograms', 'kilogramm', 'kilogramme', 'kilogrammes', 'kilogramo', 'kilogramos', 'chilogrammo', 'кг', 'キロ'],
  GRM: ['g', 'gr', 'gram', 'grams', 'gramm', 'gramme', 'grammes', 'gramo', 'gramos', 'grama', 'gramas', 'grammo', 'grammi', 'г', 'グラム'],
  TNE: ['t', 'tonne', 'tonnes', 'metric ton', 'metric tons', 'тонна', 'тонн'],
  LBR: ['lb', 'lbs', 'pound', 'pounds'],
  ONZ: ['oz', 'ounce', 'ounces'],
  MTR: ['m', 'meter', 'meters', 'metre', 'metres', 'metro', 'metros', 'м', 'метр', 'метра', 'метров'],
  KMT: ['km', 'kms', 'kilometer', 'kilometers', 'kilometre', 'kilometres', 'kilómetro', 'kilómetros', 'chilometro', 'chilometri', 'км'],
  CMT: ['cm', 'centimeter', 'centimeters', 'centimetre', 'centimetres', 'см'],
  MMT: ['mm', 'millimeter', 'millimeters', 'millimetre', 'millimetres', 'мм'],
  MTK: ['m2', 'm²', 'sqm', 'sq m', 'square meter', 'square meters', 'square metre', 'square metres', 'м²', 'м2'],
  MTQ: ['m3', 'm³', 'cbm', 'cubic meter', 'cubic meters', 'cubic metre', 'cubic metres', 'м³', 'м3'],
  FOT: ['ft', 'foot', 'feet'],
  INH: ['in', 'inch', 'inches'],
  SMI: ['mi', 'mile', 'miles'],
  YRD: ['yd', 'yds', 'yard', 'yards'],
  LTR: ['l', 'lt', 'ltr', 'liter', 'liters', 'litre', 'litres', 'litro', 'litros', 'litri', 'л', 'литр', 'литра', 'литров', 'リットル'],
  MLT: ['ml', 'milliliter', 'milliliters', 'millilitre', 'millilitres', 'мл'],
  KWH: ['kwh', 'kilowatt hour', 'kilowatt hours', 'квт·ч'],
  SET: ['set', 'sets', 'satz', 'juego', 'juegos', 'набор'],
  PR: ['pair', 'pairs', 'paar', 'paire', 'paires', 'par', 'pares', 'paio', 'paia', 'пара'],
  LS: ['lump sum', 'lumpsum', 'flat', 'flat fee', 'pauschal', 'pauschale', 'forfait'],
};

const UNIT_CODES = new Map<string, string>();
for (const [code, words] of Object.entries(UNIT_WORDS)) for (const w of words) UNIT_CODES.set(w, code);

/** The code used when a unit is absent or unknown: C62 "one", the EN 16931 default for counted things. */
const DEFAULT_UNIT_CODE = 'C62';

export function unitCodeFor(unit: string | undefined): string {
  if (unit === undefined) return DEFAULT_UNIT_CODE;
  const word = unit.trim().toLowerCase().replace(/\.$/, '').replace(/\s+/g, ' ');
  if (word === '') return DEFAULT_UNIT_CODE;
  const direct = UNIT_CODES.get(word);
  if (direct) return direct;
  // A plural not listed above (e.g. "kms", "sqms") falls back to its singular.
  if (word.endsWith('s')) {
    const singular = UNIT_CODES.get(word.slice(0, -1));
    if (singular) return singular;
  }
  return DEFAULT_UNIT_CODE;
}
