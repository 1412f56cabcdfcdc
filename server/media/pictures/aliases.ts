// Everyday subjects Unicode has no emoji for (or whose keywords miss them) in each language, with
// the pictures that stand for them, best first: the words CLDR's keywords do not reach.

/**
 * Everyday subjects Unicode has no emoji for (or whose keywords miss them), each with the
 * pictures that stand for them, best first.
 */
const ENGLISH_ALIASES: Readonly<Record<string, readonly string[]>> = {
  // Words the keywords know, whose clearest picture would lose to a look-alike or a tie
  snow: ['snowflake', 'snowman'],
  winter: ['snowman', 'snowflake'],
  summer: ['sun', 'beach-with-umbrella'],
  spring: ['cherry-blossom', 'tulip'],
  autumn: ['fallen-leaf', 'maple-leaf'],
  storm: ['cloud-with-lightning-and-rain', 'cloud-with-lightning', 'tornado'],
  boat: ['sailboat', 'motor-boat', 'ship'],
  sea: ['water-wave', 'sailboat'],
  ocean: ['water-wave', 'spouting-whale'],
  city: ['cityscape', 'cityscape-at-dusk'],
  morning: ['sunrise', 'hot-beverage'],
  evening: ['sunset', 'cityscape-at-dusk'],
  night: ['night-with-stars', 'crescent-moon'],
  tonight: ['night-with-stars', 'crescent-moon'],
  coffee: ['hot-beverage', 'teacup-without-handle'],
  cafe: ['hot-beverage', 'teacup-without-handle'],
  tea: ['teacup-without-handle', 'teapot'],
  sleep: ['person-in-bed', 'bed', 'sleeping-face'],
  car: ['automobile'],
  water: ['droplet', 'water-wave'],
  food: ['fork-and-knife-with-plate', 'pot-of-food'],
  music: ['musical-notes', 'headphone'],
  heart: ['red-heart'],
  love: ['red-heart'],
  art: ['artist-palette', 'framed-picture'],
  photo: ['camera', 'framed-picture'],
  space: ['rocket', 'ringed-planet', 'milky-way'],
  work: ['briefcase', 'office-building'],
  team: ['handshake', 'people-hugging'],
  friend: ['people-hugging', 'handshake'],
  market: ['shopping-cart', 'chart-increasing'],
  holiday: ['beach-with-umbrella', 'airplane', 'luggage'],
  vacation: ['beach-with-umbrella', 'airplane', 'luggage'],
  kitchen: ['cooking', 'cook'],
  halloween: ['jack-o-lantern'],
  game: ['game-die', 'video-game'],
  sourdough: ['bread', 'baguette-bread'],
  clownfish: ['tropical-fish', 'fish'],
  orbit: ['satellite', 'ringed-planet', 'rocket'],
  // The sea and its edges
  lighthouse: ['water-wave', 'ship', 'anchor'],
  harbour: ['anchor', 'ship', 'sailboat'],
  harbor: ['anchor', 'ship', 'sailboat'],
  marina: ['sailboat', 'anchor', 'motor-boat'],
  pier: ['anchor', 'sailboat'],
  dock: ['anchor', 'ship'],
  coast: ['water-wave', 'beach-with-umbrella'],
  shore: ['water-wave', 'beach-with-umbrella'],
  river: ['water-wave', 'canoe'],
  lake: ['canoe', 'water-wave'],
  waterfall: ['water-wave', 'national-park'],
  // Cities and getting about
  skyline: ['cityscape', 'cityscape-at-dusk'],
  downtown: ['cityscape', 'office-building'],
  skyscraper: ['office-building', 'cityscape'],
  street: ['cityscape', 'vertical-traffic-light'],
  commuter: ['metro', 'bus', 'train'],
  commute: ['metro', 'bus', 'train'],
  traffic: ['vertical-traffic-light', 'automobile'],
  highway: ['motorway', 'automobile'],
  road: ['motorway', 'automobile'],
  airport: ['airplane-departure', 'airplane'],
  flight: ['airplane', 'airplane-departure'],
  jacket: ['coat'],
  village: ['house-with-garden', 'houses'],
  neighbourhood: ['houses', 'house-with-garden'],
  neighborhood: ['houses', 'house-with-garden'],
  museum: ['classical-building', 'framed-picture'],
  // Work and money
  startup: ['rocket', 'light-bulb'],
  entrepreneur: ['briefcase', 'light-bulb'],
  founder: ['rocket', 'briefcase'],
  business: ['briefcase', 'office-building'],
  meeting: ['handshake', 'briefcase'],
  teamwork: ['handshake', 'people-hugging'],
  developer: ['technologist', 'laptop'],
  programmer: ['technologist', 'laptop'],
  coding: ['technologist', 'laptop'],
  software: ['laptop', 'technologist'],
  app: ['mobile-phone', 'laptop'],
  website: ['globe-with-meridians', 'laptop'],
  internet: ['globe-with-meridians', 'laptop'],
  wifi: ['globe-with-meridians', 'laptop'],
  online: ['globe-with-meridians', 'laptop'],
  analytics: ['bar-chart', 'chart-increasing'],
  finance: ['chart-increasing', 'money-bag'],
  investment: ['chart-increasing', 'money-bag'],
  investor: ['chart-increasing', 'money-bag'],
  growth: ['chart-increasing', 'seedling'],
  budget: ['money-bag', 'receipt'],
  saving: ['money-bag', 'coin'],
  crypto: ['coin', 'chart-increasing'],
  bitcoin: ['coin', 'chart-increasing'],
  ai: ['robot', 'laptop'],
  // Food and drink
  barista: ['hot-beverage', 'teacup-without-handle'],
  bakery: ['bread', 'croissant', 'baguette-bread'],
  baker: ['bread', 'croissant', 'baguette-bread'],
  pastry: ['croissant', 'shortcake'],
  restaurant: ['fork-and-knife-with-plate', 'cook'],
  dinner: ['fork-and-knife-with-plate', 'spaghetti'],
  meal: ['fork-and-knife-with-plate', 'pot-of-food'],
  breakfast: ['cooking', 'pancakes'],
  smoothie: ['cup-with-straw', 'tropical-drink'],
  vineyard: ['grapes', 'wine-glass'],
  brewery: ['beer-mug', 'clinking-beer-mugs'],
  harvest: ['sheaf-of-rice', 'tractor'],
  // Health and sport
  fitness: ['person-lifting-weights', 'person-running'],
  gym: ['person-lifting-weights'],
  workout: ['person-lifting-weights', 'person-running'],
  exercise: ['person-lifting-weights', 'person-running'],
  marathon: ['person-running', 'sports-medal'],
  jogging: ['person-running', 'running-shoe'],
  jogger: ['person-running', 'running-shoe'],
  runner: ['person-running', 'running-shoe'],
  yoga: ['person-in-lotus-position'],
  meditation: ['person-in-lotus-position'],
  hiking: ['hiking-boot', 'mountain'],
  hiker: ['hiking-boot', 'mountain'],
  hike: ['hiking-boot', 'mountain'],
  trail: ['hiking-boot', 'national-park'],
  hospital: ['hospital', 'health-worker'],
  doctor: ['health-worker', 'hospital'],
  nurse: ['health-worker', 'hospital'],
  pharmacy: ['health-worker'],
  // Learning, culture and media
  classroom: ['school', 'teacher'],
  lesson: ['teacher', 'books'],
  library: ['books', 'open-book'],
  podcast: ['studio-microphone', 'headphone'],
  concert: ['guitar', 'microphone'],
  festival: ['party-popper', 'guitar'],
  orchestra: ['violin', 'musical-score'],
  cinema: ['clapper-board', 'film-frames'],
  film: ['clapper-board', 'film-frames'],
  photographer: ['camera', 'camera-with-flash'],
  photography: ['camera', 'camera-with-flash'],
  painter: ['artist-palette', 'artist'],
  writer: ['writing-hand', 'memo'],
  author: ['writing-hand', 'open-book'],
  novel: ['open-book', 'books'],
  poem: ['memo', 'writing-hand'],
  blog: ['memo', 'laptop'],
  journalist: ['newspaper', 'memo'],
  // Home, shopping and everyday life
  shopping: ['shopping-bags', 'shopping-cart'],
  shop: ['shopping-bags', 'convenience-store'],
  store: ['convenience-store', 'shopping-cart'],
  mall: ['shopping-bags', 'department-store'],
  delivery: ['delivery-truck', 'package'],
  parcel: ['package', 'delivery-truck'],
  email: ['e-mail', 'envelope'],
  newsletter: ['e-mail', 'newspaper'],
  security: ['locked', 'key'],
  password: ['locked', 'key'],
  privacy: ['locked', 'key'],
  family: ['people-hugging', 'house-with-garden'],
  garden: ['potted-plant', 'seedling', 'sunflower'],
  gardening: ['seedling', 'potted-plant'],
  gardener: ['seedling', 'farmer'],
  forest: ['evergreen-tree', 'deciduous-tree'],
  jungle: ['palm-tree', 'monkey'],
  climate: ['globe-showing-europe-africa', 'thermometer'],
  energy: ['high-voltage', 'battery'],
  solar: ['sun', 'high-voltage'],
  electricity: ['high-voltage', 'electric-plug'],
  pet: ['dog-face', 'cat-face'],
  deadline: ['alarm-clock', 'spiral-calendar'],
  schedule: ['spiral-calendar', 'alarm-clock'],
  idea: ['light-bulb'],
  innovation: ['light-bulb', 'rocket'],
  creativity: ['light-bulb', 'artist-palette'],
  success: ['trophy', 'chart-increasing'],
  victory: ['trophy', 'sports-medal'],
  goal: ['bullseye', 'trophy'],
  target: ['bullseye'],
};

/** One everyday subject in many languages: the words that name it, and its pictures. */
type Concept = {
  pictures: readonly string[];
  /** Weaker aliases score like a keyword rather than a label: a day of the week is rarely the
   * subject when something else is named. */
  weak?: boolean;
  words: Readonly<Record<string, string>>;
};

/**
 * Subjects every kind of video names, in each covered language, where CLDR's keywords miss
 * them or a look-alike would win ("su" is also a sea otter's word in Turkish, "물" a whale's in
 * Korean; jeans are tagged "weekend").
 */
const CONCEPTS: readonly Concept[] = [
  {
    pictures: ['hot-beverage', 'teacup-without-handle'],
    words: {
      es: 'café cafés',
      pt: 'café cafés',
      fr: 'café cafés',
      de: 'kaffee espresso',
      it: 'caffè espresso',
      nl: 'koffie espresso',
      pl: 'kawa kawy kawę',
      tr: 'kahve',
      ja: 'コーヒー',
      zh: '咖啡',
      'zh-hant': '咖啡',
      ko: '커피',
      hi: 'कॉफ़ी कॉफी',
      ar: 'قهوة',
    },
  },
  {
    pictures: ['teacup-without-handle', 'teapot'],
    words: {
      es: 'té',
      pt: 'chá',
      fr: 'thé',
      de: 'tee',
      it: 'tè',
      nl: 'thee',
      pl: 'herbata herbatą herbaty',
      tr: 'çay',
      ja: 'お茶 紅茶 抹茶',
      zh: '茶',
      hi: 'चाय',
      ar: 'شاي',
    },
  },
  {
    pictures: ['droplet', 'water-wave'],
    words: {
      es: 'agua',
      pt: 'água',
      fr: 'eau',
      de: 'wasser',
      it: 'acqua',
      nl: 'water',
      pl: 'woda wody wodę wodzie',
      tr: 'su',
      ja: '水 お湯',
      zh: '水',
      ko: '물',
      hi: 'पानी',
      ar: 'ماء مياه',
    },
  },
  {
    pictures: ['fire'],
    words: {
      es: 'fuego',
      pt: 'fogo',
      fr: 'feu',
      de: 'feuer',
      it: 'fuoco',
      nl: 'vuur',
      pl: 'ogień ogniu',
      tr: 'ateş',
      ja: '火',
      zh: '火',
      ko: '불',
      hi: 'आग आंच',
      ar: 'نار',
    },
  },
  {
    pictures: ['night-with-stars', 'crescent-moon'],
    words: {
      es: 'noche',
      pt: 'noite',
      fr: 'nuit',
      de: 'nacht',
      it: 'notte',
      nl: 'nacht',
      pl: 'noc nocy',
      tr: 'gece',
      ja: '夜',
      zh: '夜 夜晚',
      ko: '밤',
      hi: 'रात',
      ar: 'ليل ليلة',
    },
  },
  {
    pictures: ['sunrise', 'sunrise-over-mountains'],
    words: {
      es: 'mañana amanecer',
      pt: 'manhã amanhecer',
      fr: 'matin',
      de: 'morgen',
      it: 'mattina',
      nl: 'ochtend',
      pl: 'rano poranek',
      tr: 'sabah',
      ja: '朝',
      zh: '早上 早晨',
      ko: '아침',
      hi: 'सुबह',
      ar: 'صباح',
    },
  },
  {
    pictures: ['sunset', 'cityscape-at-dusk'],
    words: {
      es: 'atardecer',
      pt: 'entardecer',
      fr: 'soir soirée',
      de: 'abend',
      it: 'sera tramonto',
      nl: 'avond',
      pl: 'wieczór wieczorem',
      tr: 'akşam',
      ja: '夕方 夕日',
      zh: '傍晚',
      ko: '저녁',
      hi: 'शाम',
      ar: 'مساء غروب',
    },
  },
  {
    pictures: ['house', 'house-with-garden'],
    words: {
      en: 'home house',
      es: 'casa hogar',
      pt: 'casa lar',
      fr: 'maison',
      de: 'haus zuhause',
      it: 'casa',
      nl: 'huis thuis',
      pl: 'dom domu',
      tr: 'ev',
      ja: '家',
      zh: '家',
      ko: '집',
      hi: 'घर',
      ar: 'بيت منزل',
    },
  },
  {
    pictures: ['luggage', 'airplane', 'world-map'],
    words: {
      en: 'trip travel journey',
      es: 'viaje',
      pt: 'viagem',
      fr: 'voyage',
      de: 'reise',
      it: 'viaggio',
      nl: 'reis',
      pl: 'podróż',
      tr: 'seyahat gezi',
      ja: '旅行 旅',
      zh: '旅行 旅游',
      ko: '여행',
      hi: 'यात्रा',
      ar: 'رحلة سفر',
    },
  },
  {
    pictures: ['spiral-calendar', 'calendar', 'tear-off-calendar'],
    weak: true,
    words: {
      en: 'week weekend month monday tuesday wednesday thursday friday saturday sunday',
      es: 'semana mes lunes martes miércoles jueves viernes sábado domingo',
      pt: 'semana mês sábado domingo',
      fr: 'weekend semaine mois lundi mardi mercredi jeudi vendredi samedi dimanche',
      de: 'woche wochenende monat montag dienstag mittwoch donnerstag freitag samstag sonntag',
      it: 'settimana mese lunedì martedì mercoledì giovedì venerdì sabato domenica',
      nl: 'week weekend maand maandag dinsdag woensdag donderdag vrijdag zaterdag zondag',
      pl: 'tydzień miesiąc weekend poniedziałek wtorek środa czwartek piątek sobota niedziela',
      tr: 'hafta pazartesi salı çarşamba perşembe cuma cumartesi',
      ja: '週末 毎週 月曜日 火曜日 水曜日 木曜日 金曜日 土曜日 日曜日',
      zh: '周末 星期 月份',
      ko: '주말 월요일 금요일 토요일 일요일',
      hi: 'सप्ताह हफ्ता महीना',
      ar: 'أسبوع شهر',
    },
  },
  {
    pictures: ['shopping-cart', 'shopping-bags'],
    words: {
      es: 'mercado',
      pt: 'mercado feira',
      fr: 'marché',
      de: 'markt',
      it: 'mercato',
      nl: 'markt',
      pl: 'targ rynek',
      tr: 'çarşı',
      ja: '市場',
      zh: '市场 菜市场',
      ko: '시장',
      hi: 'बाज़ार बाजार',
      ar: 'سوق',
    },
  },
  {
    pictures: ['cooked-rice', 'sheaf-of-rice'],
    words: {
      en: 'rice',
      es: 'arroz',
      pt: 'arroz',
      fr: 'riz',
      de: 'reis',
      it: 'riso',
      nl: 'rijst',
      pl: 'ryż',
      tr: 'pirinç pilav',
      ja: 'ご飯 米',
      zh: '米饭 米',
      ko: '밥 쌀',
      hi: 'चावल',
      ar: 'أرز رز',
    },
  },
  {
    pictures: ['tomato'],
    words: { de: 'paradeiser', zh: '番茄 西红柿', 'zh-hant': '番茄' },
  },
  {
    // Trainers, in Brazil and in Portugal alike; the sport is "jogar tênis".
    pictures: ['running-shoe', 'tennis'],
    words: { pt: 'tênis ténis' },
  },
  {
    pictures: ['bowl-with-spoon'],
    words: {
      en: 'bowl',
      es: 'cuenco bol tazón',
      pt: 'tigela',
      fr: 'bol saladier',
      de: 'schüssel',
      it: 'ciotola',
      nl: 'kom',
      pl: 'miska',
      tr: 'kase',
      ja: 'ボウル',
      zh: '碗',
      ko: '그릇',
      hi: 'कटोरा',
      ar: 'وعاء',
    },
  },
  {
    pictures: ['mountain', 'snow-capped-mountain'],
    words: {
      en: 'mountain peak summit',
      es: 'montaña cumbre',
      pt: 'montanha',
      fr: 'montagne sommet',
      de: 'berg gipfel alpen',
      it: 'montagna vetta',
      nl: 'berg',
      pl: 'góra góry górach szczyt',
      tr: 'dağ zirve',
      ja: '山 山頂 登山',
      zh: '山 山顶 爬山 登山',
      ko: '산',
      hi: 'पहाड़',
      ar: 'جبل',
    },
  },
  {
    pictures: ['hiking-boot'],
    words: { de: 'wanderschuhe wanderstiefel', nl: 'wandelschoenen', fr: 'randonnée' },
  },
  {
    pictures: ['fork-and-knife-with-plate', 'fork-and-knife'],
    words: {
      en: 'appetite',
      es: 'provecho',
      pt: 'apetite',
      fr: 'appétit',
      de: 'appetit',
      it: 'appetito',
      nl: 'smakelijk',
      pl: 'smacznego',
      tr: 'afiyet',
    },
  },
  {
    pictures: ['cityscape', 'cityscape-at-dusk'],
    words: {
      es: 'ciudad',
      pt: 'cidade',
      fr: 'ville',
      de: 'stadt',
      it: 'città',
      nl: 'stad',
      pl: 'miasto',
      tr: 'şehir',
      ja: '都市 街',
      zh: '城市',
      ko: '도시',
      hi: 'शहर',
      ar: 'مدينة',
    },
  },
  {
    pictures: ['money-bag', 'coin', 'dollar-banknote'],
    words: {
      en: 'money salary',
      es: 'dinero sueldo salario',
      pt: 'dinheiro salário',
      fr: 'argent salaire',
      de: 'geld gehalt',
      it: 'soldi stipendio',
      nl: 'geld salaris',
      pl: 'pieniądze pensja',
      tr: 'para maaş',
      ja: 'お金 給料',
      zh: '钱 工资',
      ko: '돈 월급',
      hi: 'पैसा वेतन',
      ar: 'مال راتب',
    },
  },
  {
    pictures: ['cooking', 'cook'],
    words: {
      es: 'cocina',
      pt: 'cozinha',
      fr: 'cuisine',
      de: 'küche',
      it: 'cucina',
      nl: 'keuken',
      pl: 'kuchnia',
      tr: 'mutfak',
      ja: '台所 料理',
      zh: '厨房',
      ko: '요리 부엌',
      hi: 'रसोई',
      ar: 'مطبخ',
    },
  },
  {
    pictures: ['sun-behind-small-cloud', 'sun-behind-cloud', 'cloud'],
    words: {
      en: 'weather forecast',
      fr: 'météo',
      de: 'wetter',
      it: 'meteo',
      pl: 'pogoda pogody pogodę prognoza prognozę',
      tr: 'hava',
      ja: '天気',
      zh: '天气',
      ko: '날씨',
      hi: 'मौसम',
      ar: 'طقس',
    },
  },
  {
    pictures: ['person-in-bed', 'bed', 'sleeping-face'],
    words: {
      es: 'dormir sueño',
      pt: 'dormir durma sono',
      fr: 'dormir sommeil',
      de: 'schlafen schlaf',
      it: 'dormire sonno',
      nl: 'slapen slaap',
      pl: 'spać sen',
      tr: 'uyku',
      ja: '寝る 睡眠',
      zh: '睡觉',
      ko: '잠',
      hi: 'नींद',
      ar: 'نوم',
    },
  },
  {
    pictures: ['airplane', 'airplane-departure'],
    words: {
      es: 'vuelo vuelos',
      pt: 'voo voos',
      fr: 'vol vols',
      de: 'flug flüge',
      it: 'volo voli',
      nl: 'vlucht vluchten',
      pl: 'lot loty lotu',
      tr: 'uçuş',
      ja: 'フライト',
      zh: '航班',
      'zh-hant': '航班',
      ko: '항공편',
      hi: 'उड़ान',
    },
  },
  {
    pictures: ['package', 'delivery-truck'],
    words: {
      en: 'shipping',
      es: 'envío envíos',
      pt: 'envio frete entrega',
      fr: 'livraison',
      de: 'versand lieferung',
      it: 'spedizione spedizioni',
      nl: 'verzending bezorging',
      pl: 'wysyłka dostawa',
      tr: 'kargo',
      ja: '送料 配送',
      zh: '包邮 快递 配送',
      'zh-hant': '配送 快遞',
      ko: '배송 택배',
    },
  },
  {
    // The pan on the hob: 🍳 is what frying pans and fryers look like.
    pictures: ['cooking'],
    words: {
      en: 'fryer skillet',
      es: 'sartén freidora',
      pt: 'frigideira fritadeira',
      fr: 'poêle friteuse',
      de: 'pfanne bratpfanne fritteuse',
      it: 'padella friggitrice',
      nl: 'koekenpan frituurpan',
      pl: 'patelnia frytkownica',
      tr: 'tava fritöz',
      ja: 'フライパン',
      zh: '平底锅',
      'zh-hant': '平底鍋',
      ko: '프라이팬',
    },
  },
  {
    // Push-ups, in French, are pumps too: in a phrase they are the exercise.
    pictures: ['person-lifting-weights'],
    words: { fr: 'pompes' },
  },
  {
    // CLDR gives honey to the bear and the badger as much as to the pot.
    pictures: ['honey-pot', 'honeybee'],
    words: {
      en: 'honey',
      es: 'miel',
      pt: 'mel',
      fr: 'miel',
      de: 'honig',
      it: 'miele',
      nl: 'honing',
      pl: 'miód miodu miodem',
      tr: 'bal',
      ja: 'はちみつ 蜂蜜',
      zh: '蜂蜜',
      'zh-hant': '蜂蜜',
      ko: '꿀',
      hi: 'शहद',
      ar: 'عسل',
    },
  },
  {
    pictures: ['evergreen-tree', 'deciduous-tree'],
    words: {
      es: 'bosque bosques',
      pt: 'floresta florestas mata',
      fr: 'forêt forêts',
      de: 'wald wälder',
      it: 'foresta bosco',
      nl: 'bos bossen woud',
      pl: 'las lasu lesie lasy',
      tr: 'orman',
      ja: '森 森林',
      zh: '森林 树林',
      'zh-hant': '森林 樹林',
      ko: '숲',
      hi: 'जंगल',
      ar: 'غابة',
    },
  },
  {
    pictures: ['train', 'high-speed-train'],
    words: { de: 'zug züge', tr: 'tren', ja: '列車 電車', ko: '기차 열차' },
  },
  {
    pictures: ['watch'],
    words: {
      en: 'smartwatch',
      es: 'smartwatch',
      pt: 'smartwatch',
      fr: 'smartwatch',
      de: 'smartwatch',
      it: 'smartwatch',
      nl: 'smartwatch',
      pl: 'smartwatch',
    },
  },
  {
    // "Heavy rain", "Rain on the streets", "A rainy night": CLDR gives rain to a label's
    // modifier only ("cloud with rain"), so the night or the street would win.
    pictures: ['cloud-with-rain', 'umbrella-with-rain-drops'],
    words: {
      en: 'rain rains rainy raining rainfall drizzle downpour',
      es: 'lluvia lluvias llueve lluvioso lluviosa lloviendo llover llovizna',
      pt: 'chuva chuvas chove chuvoso chuvosa chovendo chover garoa',
      fr: 'pluie pluies pleut pluvieux pluvieuse pleuvoir averse',
      de: 'regen regnet regnerisch regnerischen regnerischer',
      it: 'pioggia piogge piove piovoso piovosa',
      nl: 'regen regent regenachtig',
      pl: 'deszcz deszczu deszczowy deszczowa deszczem',
      tr: 'yağmur yağmurlu yağmurda',
      ja: '雨 大雨 小雨',
      zh: '雨 下雨 大雨 小雨',
      'zh-hant': '雨 下雨 大雨 小雨',
      ko: '비가 빗속 빗물 장마 소나기',
      hi: 'बारिश वर्षा',
      ar: 'مطر أمطار ممطر',
    },
  },
  {
    // "A sunny spot": CLDR's "sunny" is the fried egg's ("sunny side up").
    pictures: ['sun', 'sun-with-face'],
    words: {
      en: 'sunny sunshine sunlight',
      es: 'soleado soleada',
      pt: 'ensolarado ensolarada',
      fr: 'ensoleillé ensoleillée',
      de: 'sonnig sonnige sonnigen sonnenschein',
      it: 'soleggiato soleggiata',
      nl: 'zonnig zonnige zonneschijn',
      pl: 'słoneczny słoneczna słoneczne',
      tr: 'güneşli',
      ja: '晴れ 日差し',
      zh: '晴天 阳光',
      'zh-hant': '晴天 陽光',
      ko: '햇빛 햇살',
      hi: 'धूप',
      ar: 'مشمس',
    },
  },
  {
    pictures: ['sun-behind-cloud', 'cloud'],
    words: {
      en: 'sky',
      es: 'cielo',
      pt: 'céu',
      fr: 'ciel',
      de: 'himmel',
      it: 'cielo',
      nl: 'lucht hemel',
      pl: 'niebo',
      tr: 'gökyüzü gök',
      ja: '空',
      zh: '天空',
      ko: '하늘',
      hi: 'आसमान आकाश',
      ar: 'سماء',
    },
  },
  {
    pictures: ['glass-of-milk'],
    words: {
      en: 'milk',
      es: 'leche',
      pt: 'leite',
      fr: 'lait',
      de: 'milch',
      it: 'latte',
      nl: 'melk',
      pl: 'mleko mlekiem',
      tr: 'süt',
      ja: '牛乳 ミルク',
      zh: '牛奶',
      ko: '우유',
      hi: 'दूध',
      ar: 'حليب',
    },
  },
  {
    pictures: ['hourglass-not-done', 'mantelpiece-clock'],
    words: {
      en: 'hour',
      es: 'hora',
      pt: 'hora',
      fr: 'heure',
      de: 'stunde',
      it: 'ora',
      nl: 'uur',
      pl: 'godzina godzinę',
      tr: 'saat',
      ja: '時間',
      zh: '小时',
      ko: '시간',
      hi: 'घंटा',
      ar: 'ساعة',
    },
  },
  {
    pictures: ['cooking', 'croissant', 'pancakes'],
    words: {
      es: 'desayuno',
      fr: 'petit-déjeuner',
      de: 'frühstück',
      it: 'colazione',
      nl: 'ontbijt',
      pl: 'śniadanie',
      tr: 'kahvaltı',
      ja: '朝ごはん 朝食',
      zh: '早餐 早饭',
      ko: '조식',
      hi: 'नाश्ता',
      ar: 'فطور إفطار',
    },
  },
  {
    pictures: ['shopping-bags', 'shopping-cart'],
    words: {
      es: 'compras',
      pt: 'compras',
      fr: 'shopping',
      de: 'einkaufen shopping',
      it: 'shopping spesa',
      nl: 'winkelen',
      pl: 'zakupy',
      tr: 'alışveriş',
      ja: '買い物 ショッピング',
      zh: '购物',
      ko: '쇼핑',
      hi: 'खरीदारी',
      ar: 'تسوق',
    },
  },
  {
    pictures: ['pot-of-food', 'steaming-bowl'],
    words: { en: 'stew', zh: '火锅', ja: '鍋', ko: '찌개 전골' },
  },
  {
    pictures: ['egg', 'cooking'],
    words: {
      en: 'egg',
      es: 'huevo',
      pt: 'ovo',
      fr: 'oeuf',
      de: 'ei eier',
      it: 'uovo uova',
      nl: 'ei eieren',
      pl: 'jajko jajka jajek',
      tr: 'yumurta',
      ja: '卵 たまご 玉子',
      zh: '鸡蛋 蛋',
      ko: '계란 달걀',
      hi: 'अंडा अंडे',
      ar: 'بيض بيضة',
    },
  },
  {
    pictures: ['cookie'],
    words: {
      en: 'biscuit',
      es: 'galleta',
      pt: 'biscoito bolacha',
      fr: 'biscuit',
      de: 'keks',
      it: 'biscotto',
      nl: 'koekje',
      pl: 'ciastko herbatnik',
      tr: 'bisküvi kurabiye',
      ja: 'クッキー ビスケット',
      zh: '饼干',
      ko: '쿠키 과자',
      hi: 'बिस्कुट',
      ar: 'بسكويت',
    },
  },
  {
    pictures: ['couch-and-lamp', 'bed'],
    words: { en: 'room bedroom' },
  },
  {
    pictures: ['artist-palette', 'paintbrush'],
    words: { en: 'paint painting watercolour watercolor' },
  },
];

/** Words whose meaning depends on the country: applied when the voice's region matches. */
type RegionalWords = {
  /** The regions (ISO 3166 or UN M.49 codes) it applies to, or all but these (`except`). */
  regions?: readonly string[];
  except?: readonly string[];
  words: Readonly<Record<string, readonly string[]>>;
};

/**
 * The region a tag without one reads as: CLDR's base locale's (its Spanish is Spain's, its
 * Portuguese Brazil's, its traditional Chinese Taiwan's).
 */
export const HOME_REGION: Readonly<Record<string, string>> = {
  en: 'US',
  es: 'ES',
  pt: 'BR',
  fr: 'FR',
  'zh-hant': 'TW',
};

const BRITISH = ['GB', 'IE', 'AU', 'NZ', 'ZA', 'IN'];
const FRENCH_BREAKFAST_AT_DEJEUNER = ['CA', 'BE', 'CH'];

/** Later groups win over earlier ones for the same word. */
const REGIONAL: Readonly<Record<string, readonly RegionalWords[]>> = {
  en: [
    {
      regions: BRITISH,
      words: {
        chips: ['french-fries'],
        football: ['soccer-ball'],
        pants: ['briefs'],
        trainers: ['running-shoe'],
        biscuit: ['cookie'],
        torch: ['flashlight'],
        lift: ['elevator'],
        rubbish: ['wastebasket'],
        bin: ['wastebasket'],
        petrol: ['fuel-pump'],
        courgette: ['cucumber'],
        mobile: ['mobile-phone'],
      },
    },
    { except: BRITISH, words: { football: ['american-football'], pants: ['jeans'] } },
  ],
  es: [
    {
      // In Spain a tortilla is the potato omelette; in the Americas the flatbread.
      regions: ['ES'],
      words: {
        tortilla: ['cooking', 'egg', 'potato'],
        tenis: ['tennis'],
        zapatillas: ['running-shoe'],
        carro: ['shopping-cart'],
      },
    },
    {
      except: ['ES'],
      words: {
        tortilla: ['flatbread', 'taco', 'burrito'],
        tenis: ['running-shoe', 'tennis'],
        carro: ['automobile'],
        jugo: ['tropical-drink', 'cup-with-straw'],
      },
    },
    { regions: ['MX'], words: { zapatillas: ['high-heeled-shoe'], torta: ['sandwich'] } },
  ],
  pt: [
    {
      regions: ['PT'],
      words: {
        sapatilhas: ['running-shoe'],
        comboio: ['train', 'high-speed-train'],
        autocarro: ['bus'],
        telemóvel: ['mobile-phone'],
        'pequeno-almoço': ['cooking', 'croissant', 'pancakes'],
        sumo: ['tropical-drink', 'cup-with-straw'],
      },
    },
    { except: ['PT'], words: { sapatilhas: ['ballet-shoes'] } },
  ],
  fr: [
    {
      // Québec, Belgium and Switzerland breakfast at "déjeuner", lunch at "dîner".
      regions: FRENCH_BREAKFAST_AT_DEJEUNER,
      words: {
        déjeuner: ['cooking', 'croissant', 'pancakes'],
        souper: ['fork-and-knife-with-plate', 'fork-and-knife'],
      },
    },
    { regions: ['CA'], words: { char: ['automobile'] } },
    {
      except: FRENCH_BREAKFAST_AT_DEJEUNER,
      words: { déjeuner: ['fork-and-knife-with-plate', 'fork-and-knife'] },
    },
  ],
  'zh-hant': [
    // Taiwan's 土豆 is a peanut; Hong Kong's a potato.
    { regions: ['TW'], words: { 土豆: ['peanuts'] } },
    { regions: ['HK', 'MO'], words: { 土豆: ['potato'], 薯仔: ['potato'] } },
  ],
};

/**
 * The words a region reads its own way, for a language code and an upper-case region, and a
 * key that is the same for regions that read them alike ('' when none applies).
 */
export function regionalAliases(
  language: string,
  region: string,
): { key: string; words: Readonly<Record<string, readonly string[]>> } {
  const words: Record<string, readonly string[]> = {};
  const applied: number[] = [];
  (REGIONAL[language] ?? []).forEach((group, position) => {
    const applies = group.regions
      ? group.regions.includes(region)
      : !(group.except ?? []).includes(region);
    if (!applies) return;
    Object.assign(words, group.words);
    applied.push(position);
  });
  return { key: applied.join(','), words };
}

/**
 * Times of day and week in each language: in a pair they are the setting ("A rainy night",
 * "Sunday morning"), and the other word is what to show.
 */
export const SETTING_WORDS: Readonly<Record<string, readonly string[]>> = Object.fromEntries(
  Object.entries({
    en: 'night nights tonight evening evenings morning mornings afternoon day days today weekend week',
    es: 'noche noches mañana tarde día días semana hoy',
    pt: 'noite noites manhã tarde dia dias semana hoje',
    fr: 'nuit nuits soir soirée matin matinée après-midi jour jours journée semaine week-end',
    de: 'nacht nächte abend morgen vormittag nachmittag tag tage woche wochenende heute',
    it: 'notte notti sera serata mattina mattino pomeriggio giorno giorni giornata settimana oggi',
    nl: 'nacht avond ochtend morgen middag dag dagen week weekend vandaag',
    pl: 'noc nocy wieczór wieczorem rano ranek popołudnie dzień dni tydzień weekend dzisiaj',
    tr: 'gece akşam sabah gün hafta bugün',
    ko: '밤 저녁 아침 오후 날 하루 주말 오늘',
    ja: '朝 夜 夕方 昼 今日 週末',
    zh: '早上 晚上 夜 今天 周末',
    'zh-hant': '早上 晚上 夜 今天 週末',
  }).map(([language, text]) => [language, text.split(/\s+/)]),
);

/** The concepts' words as aliases of one language, with the weak ones apart. */
function conceptAliases(language: string, weak: boolean): Record<string, readonly string[]> {
  const aliases: Record<string, readonly string[]> = {};
  for (const concept of CONCEPTS) {
    if (Boolean(concept.weak) !== weak) continue;
    for (const word of (concept.words[language] ?? '').split(/\s+/).filter(Boolean)) {
      aliases[word] = concept.pictures;
    }
  }
  return aliases;
}

const LANGUAGES = [
  'en',
  'es',
  'pt',
  'fr',
  'de',
  'it',
  'nl',
  'pl',
  'tr',
  'ja',
  'zh',
  'zh-hant',
  'ko',
  'hi',
  'ar',
];

/**
 * Aliases per language code. Keys are words as the member writes them (lower case); the matcher
 * reads them as it reads text, so plurals and accents need no entry of their own. Every picture
 * name is checked against the picture set by the tests.
 */
export const SUBJECT_ALIASES: Readonly<
  Record<string, Readonly<Record<string, readonly string[]>>>
> = Object.fromEntries(
  LANGUAGES.map((language) => [
    language,
    { ...(language === 'en' ? ENGLISH_ALIASES : {}), ...conceptAliases(language, false) },
  ]),
);

/** Aliases that score like a keyword, not a label (days, weeks, months). */
export const WEAK_ALIASES: Readonly<Record<string, Readonly<Record<string, readonly string[]>>>> =
  Object.fromEntries(LANGUAGES.map((language) => [language, conceptAliases(language, true)]));
