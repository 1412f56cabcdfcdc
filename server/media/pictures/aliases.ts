// Hand-kept word lists for choosing a scene's picture: words that never name a subject, plural
// forms a suffix rule gets wrong, everyday subjects Unicode has no emoji for, and the fallbacks.

/**
 * English function words: articles, prepositions, pronouns, auxiliaries, conjunctions and
 * filler adverbs. They appear in every scene text and name nothing that can be drawn.
 */
export const STOP_WORDS: ReadonlySet<string> = new Set(
  `a an the of at in on into onto out over under to from by with down off onward onwards forward
  upward upwards downward downwards without within about above below
  across after against along among around as before behind beneath beside besides between beyond
  during except for inside near off outside past per since than through throughout till toward
  towards until up upon via and or but nor so yet if then else when where while whereas because
  though although whether once both either neither not no yes
  i me my mine myself we us our ours ourselves you your yours yourself yourselves he him his
  himself she her hers herself it its itself they them their theirs themselves one ones someone
  something anyone anything everyone everything nobody nothing somebody this that these those who
  whom whose which what whatever whichever
  is am are was were be been being do does did doing done have has had having will would shall
  should can could may might must ought let lets
  very just only also too even still already almost quite rather really ever never always often
  sometimes soon now here there again away back together perhaps maybe simply each every some any
  all more most less least much many few several such own same other another`.split(/\s+/),
);

/**
 * Adjectives, adverbs and verbs that describe almost anything. Left in, they pick pictures by
 * accident: "old lighthouse" chose `old-key`, "white mug" chose `white-flower`.
 */
export const GENERIC_WORDS: ReadonlySet<string> = new Set(
  `old new big small little large tiny huge great good bad best better nice fine fresh late early
  busy long short high low first last next final whole full empty open close near far quick quickly
  slow slowly fast real true right left top bottom main certain sure ready simple easy hard
  beautiful lovely perfect gentle soft warm bright dark light deep wide narrow calm quiet loud
  white black grey gray red orange yellow green blue purple pink brown golden silver
  today tomorrow yesterday day days time times way ways thing things lot lots kind part place
  make makes made making get gets got getting go goes went going gone come comes came coming take
  takes took taken taking give gives gave given see sees saw seen look looks looked looking seem
  seems begin begins began start starts started become becomes became keep keeps kept turn turns
  show shows showed use uses used find finds found put puts set sets say says said tell tells told
  know knows knew think thinks want wants need needs try tries tried feel feels felt
  bring brings brought hold holds held stand stands stood stay stays cover covers covered
  happen happens happened
  two three four five six seven eight nine ten eleven twelve twenty hundred thousand million
  billion dozen second third fourth fifth tip tips trick tricks hack hacks reason reasons fact
  facts mistake mistakes hit hits`.split(/\s+/),
);

/**
 * Plurals and forms the suffix rules would mangle (leaves → leaf, not leave; news and glasses
 * stay). Keys and values are lower case; values are what both scene text and keywords become.
 */
export const IRREGULAR_LEMMAS: Readonly<Record<string, string>> = {
  leaves: 'leaf',
  loaves: 'loaf',
  knives: 'knife',
  wives: 'wife',
  lives: 'life',
  wolves: 'wolf',
  shelves: 'shelf',
  halves: 'half',
  calves: 'calf',
  thieves: 'thief',
  scarves: 'scarf',
  children: 'child',
  people: 'person',
  persons: 'person',
  men: 'man',
  women: 'woman',
  mice: 'mouse',
  geese: 'goose',
  feet: 'foot',
  teeth: 'tooth',
  oxen: 'ox',
  sheep: 'sheep',
  fish: 'fish',
  fishes: 'fish',
  deer: 'deer',
  dice: 'die',
  cacti: 'cactus',
  fungi: 'mushroom',
  potatoes: 'potato',
  tomatoes: 'tomato',
  mangoes: 'mango',
  heroes: 'hero',
  volcanoes: 'volcano',
  shoes: 'shoe',
  toes: 'toe',
  buses: 'bus',
  news: 'news',
  series: 'series',
  species: 'species',
  glasses: 'glasses',
  lens: 'lens',
  lenses: 'lens',
  gas: 'gas',
  physics: 'physics',
  mathematics: 'mathematics',
  athletics: 'athletics',
  gymnastics: 'gymnastics',
  politics: 'politics',
  economics: 'economics',
  analytics: 'analytics',
  electronics: 'electronics',
  cookies: 'cookie',
  movies: 'movie',
  pies: 'pie',
  ties: 'tie',
  christmas: 'christmas',
  xmas: 'christmas',
  canvas: 'canvas',
  atlas: 'atlas',
  lies: 'lie',
  dies: 'die',
  zombies: 'zombie',
  selfies: 'selfie',
  smoothies: 'smoothie',
  brownies: 'brownie',
  hoodies: 'hoodie',
  genies: 'genie',
  calories: 'calorie',
};

/**
 * Everyday subjects Unicode has no emoji for (or whose keywords miss them), each with the
 * pictures that stand for them, best first. Keys are single words as the matcher sees them
 * (lower case, singular); every picture name is checked against the icon set by the tests.
 */
export const SUBJECT_ALIASES: Readonly<Record<string, readonly string[]>> = {
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
  game: ['video-game', 'game-die'],
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
  ai: ['robot', 'brain'],
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
  fitness: ['person-lifting-weights', 'flexed-biceps'],
  gym: ['person-lifting-weights', 'flexed-biceps'],
  workout: ['person-lifting-weights', 'flexed-biceps'],
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
  doctor: ['health-worker', 'stethoscope'],
  nurse: ['health-worker', 'syringe'],
  pharmacy: ['pill', 'health-worker'],
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

/**
 * Pleasant, general pictures for a scene whose text names nothing we can draw. A video starts
 * somewhere in this list (chosen by its text) and walks on, so its scenes differ.
 */
export const FALLBACK_PICTURES: readonly string[] = [
  'sparkles',
  'framed-picture',
  'camera',
  'light-bulb',
  'globe-showing-europe-africa',
  'rainbow',
  'glowing-star',
  'artist-palette',
  'sunflower',
  'shooting-star',
  'sun-behind-small-cloud',
  'four-leaf-clover',
  'balloon',
  'milky-way',
  'potted-plant',
  'globe-showing-americas',
  'camera-with-flash',
  'compass',
  'world-map',
  'crystal-ball',
];
