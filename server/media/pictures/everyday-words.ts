// Hand-kept word lists per language for choosing a shot's picture: the everyday verbs and
// adjectives that stopwords-iso does not list and that name nothing to draw, and the nouns
// stopwords-iso lists that do name something ("fire" is an English stop word there).

const words = (text: string): readonly string[] => text.split(/\s+/).filter(Boolean);

/**
 * Verbs of instruction, generic adjectives, counts and filler nouns, as a member writes them
 * (infinitive, imperative, common inflections). They never choose a picture: "fuego medio" is
 * fire, not a middle finger; "roll your shoulders" is no roll of paper. Matched by stem too.
 * Each language also lists its commonest doing and describing words (go, buy, help, save, hot,
 * fresh, easy…): CLDR keeps many as keywords ("caliente" of the hot dog, "aide" of the service
 * dog, "fahren" of the car). None is a thing CLDR names in one word (pictures.test.ts).
 */
export const EVERYDAY_WORDS: Readonly<Record<string, readonly string[]>> = {
  en: words(`
    old new big small little large tiny huge great good bad best better nice fine fresh late early
    busy long short high low first last next final whole full empty open close near far quick
    quickly slow slowly fast real true right left top bottom main certain sure ready simple easy
    hard beautiful lovely perfect gentle soft warm bright dark light deep deeply wide narrow calm
    quiet loud white black grey gray red orange yellow green blue purple pink brown golden silver
    medium middle mid half fine freshly ripe raw live single double only own extra
    today tomorrow yesterday day days time times way ways thing things lot lots kind part place
    make makes made making get gets got getting go goes went going gone come comes came coming
    take takes took taken taking give gives gave given see sees saw seen look looks looked looking
    seem seems begin begins began start starts started become becomes became keep keeps kept turn
    turns show shows showed use uses used find finds found put puts set sets say says said tell
    tells told know knows knew think thinks want wants need needs try tries tried feel feels felt
    bring brings brought hold holds held stand stands stood stay stays cover covers covered
    happen happens happened
    add adds added adding roll rolls rolled rolling press presses pressed serve serves served
    wait waits waited heat heats heated grind grinds mix mixes mixed stir stirs stirred cut cuts
    chop chops slice slices peel peels beat beats fry fries fried reach reaches breathe breathes
    finish finishes finished stop stops stopped move moves moved pick picks picked pack packs
    check checks leave leaves left wear wears feed feeds visit visits build builds jump jumps
    have has let lets listen subscribe miss talk talks ride rides grab grabs watch watches
    end ends ending care fun happy life strong jack jacks sit sits sitting ground grounds pair pairs practise practice teach teaches reward rewards launch launching drop drops
    land lands charge charges explain explained tip tips trick tricks
    cool heavy awesome amazing epic crazy insane spot spots area local
    pinch pinches dash handful splash track tracks tracking
    hack hacks reason reasons fact facts mistake mistakes hit hits step steps thing basics
    two three four five six seven eight nine ten eleven twelve twenty thirty forty fifty hundred
    thousand million billion dozen second third fourth fifth once twice minute minutes seconds
    help helps helped helping buy buys bought buying sell sells sold pay pays paid spend spends
    spent enjoy enjoys learn learns learned taste tastes tasted tasty delicious yummy cheap
    expensive free dirty wet dry salty sour bitter healthy homemade favourite favorite update
    updates flat
  `),
  es: words(`
    añade añadir agrega agregar pon poner echa echar mezcla mezclar mézclalo corta cortar pela
    pelar bate batir fríe freír cuaja cuajar sirve servir prueba probar lleva llevar toma tomar
    usa usar haz hacer deja dejar espera esperar empieza empezar termina terminar mantén mantener
    levanta levantar siéntate sentar respira respirar anota anotar pide pedir cancela cancelar
    guarda guardar repite repetir compra comprar pregunta preguntar olvides olvidar calienta
    calentar sube subir baja bajar pasa pasar sigue seguir mira mirar busca buscar
    medio media medios medias fino fina finos finas tierno tierna tiernos tiernas recto recta
    hondo honda buen buena bueno buenos mejor nuevo nueva grande pequeño pequeña fácil rápido
    rápida propio propia todo toda todos todas cada ambos ambas lado lados vez veces pizca poco
    español española principiantes rutina manera forma paso pasos consejo consejos maduro madura
    ciento por pizca pizcas puñado chorrito
    dos tres cuatro cinco seis siete ocho nueve diez veinte treinta cuarenta cincuenta cien mil
    minuto minutos segundos
    ir va ve vaya vamos venir ven viene vienen tener tiene tienes ten poder puede puedes puedo
    saber sabe sabes querer quiere quieres necesitar necesita necesitas encontrar encuentra
    encuentras comer come coma comemos beber beba vender vende vendemos pagar paga pague pagas
    gastar gasta gastes ahorrar ahorra ahorre ahorras ayudar ayuda ayude ayudan llegar llega
    llegamos sale salga volver vuelve vuelva abrir abre abra abierto abierta cerrar cierra cierre
    cerrado cerrada limpiar limpia limpie limpio lavar lava lave cambiar cambia cambie elegir
    elige elija escoger escoge conocer conoce conoces descubrir descubre descubra disfrutar
    disfruta disfrute aprender aprende aprenda enseñar enseña mostrar muestra ver veo visto vivir
    vive sentir siente quedar queda quede dar da dale decir dice dime hablar habla hable pensar
    piensa creer cree intentar intenta lograr logra conseguir consigue evitar evita evite recordar
    recuerda recuerde sacar saca saque meter mete llenar hervir hierve cocer cuece hornear hornea
    hornéalo asar asa tostar tuesta preparar prepara prepare enfriar enfría dorar dora picar pica
    trocear trocea rallar ralla escurrir escurre verter vierte remover remueve reposar reposa
    sazonar sazona caliente calientes frío fría fresco fresca salado salada amargo amarga suave
    suaves fuerte fuertes ligero ligera pesado pesada lleno llena vacío vacía seco seca sucio
    sucia viejo vieja antiguo antigua bonito bonita hermoso hermosa lindo linda feliz felices
    triste cansado cansada rico rica sabroso sabrosa delicioso deliciosa perfecto perfecta ideal
    increíble genial barato barata caro gratis gratuito gratuita lento lenta largo larga corto
    alta difícil sencillo sencilla simple práctico práctica útil casero casera saludable sano sana
    entero entera cosa cosas gente año años tipo truco trucos secreto secretos parte mitad resto
    final inicio mucho mucha pocos siempre nunca listo lista
  `),
  pt: words(`
    junte juntar misture misturar faça fazer asse assar sirva servir lave lavar refogue refogar
    deixe deixar descansar suba subir tome tomar ande andar ouça ouvir comece começar aumente
    aumentar use usar aproveite aproveitar coloque colocar corte cortar adicione adicionar mexa
    mexer espere esperar leve levar pegue pegar
    =cozinhe =cozinhar médio média médios meio fácil morno morna ralado ralada untadas untados quentinho quentinha
    soltinho soltinha limpa limpo tampada tampado confortáveis confortável anterior primeira
    primeiro bom boa novo nova grande pequeno pequena todo toda todos todas cada devagar aos
    poucos dica dicas jeito passo passos pitada punhado
    dois duas três quatro cinco seis sete oito nove dez vinte trinta cem mil minuto minutos
    segundos
    ir vai vá vamos vir vem venha ter tem tenha poder pode posso saber sabe querer quer quero
    precisar precisa precisamos encontrar encontra encontre comer come coma beber beba vender
    vende pagar paga pague gastar gasta gaste economizar economize poupar poupe ajudar ajuda ajude
    chegar chega chegamos sair sai saia voltar volta volte abrir abre abra aberto aberta fechar
    fecha feche fechado fechada limpar limpe lava trocar troque mudar mude escolher escolha
    conhecer conheça descobrir descubra curtir curta aprender aprenda ensinar ensine mostrar
    mostre ver veja vê viver sentir sinta ficar fica fique dar dá dê dizer diz falar fale pensar
    pense achar acha tentar tente conseguir consiga evitar evite lembrar lembre tirar tire encher
    encha ferver ferva cozer torrar preparar prepare prepara esfriar esfrie dourar doure picar
    pique ralar rale escorrer escorra despejar despeje temperar tempere provar prove quente
    quentes frio fria fresco fresca salgado salgada amargo suave suaves forte fortes leves pesado
    pesada cheio cheia vazio vazia seco seca sujo suja velho velha antigo antiga bonito bonita
    lindo linda feliz felizes triste cansado cansada gostoso gostosa delicioso deliciosa perfeito
    perfeita ideal incrível barato caro cara grátis gratuito gratuita lento lenta rápido rápida
    longo longa curto difícil simples prático prática útil caseiro caseira saudável inteiro
    inteira coisa coisas gente ano anos tipo truque truques segredo segredos parte metade resto
    final início muito muita pouco sempre nunca pronto pronta
  `),
  fr: words(`
    versez verser ajoutez ajouter laissez laisser reposer faites faire chauffez chauffer servez
    servir commencez commencer montez monter promenez promener visitez visiter finissez finir
    préparez préparer étiquetez étiqueter coucher moulez moudre dégustez déguster
    gonflez gonfler nettoyez nettoyer graissez graisser vérifiez vérifier partir mélangez
    mélanger coupez couper prenez prendre mettez mettre attendez attendre
    moyen moyenne moyens facile faciles bon bonne petit petite grand grande juste lentement
    légèrement sans parfait parfaite tôt tard chaque veille coin pincée
    deux trois quatre cinq six sept huit neuf dix vingt trente cent mille minute minutes
    secondes
    aller allez va vas venir venez vient avoir avez a pouvoir peut pouvez savoir sait savez
    vouloir veut voulez besoin trouver trouvez trouve manger mangez mange boire buvez acheter
    achetez achète vendre vendez payer payez dépenser dépensez économiser économisez aider aidez
    aide aident arriver arrivez sortir sortez ouvrir ouvrez ouvert ouverte fermer fermez fermé
    fermée lavez laver changer changez choisir choisissez découvrir découvrez profiter profitez
    apprendre apprenez montrer montrez voir voyez vivre vivez sentir sentez rester restez donner
    donnez dire dites parler parlez penser pensez essayer essayez éviter évitez oublier oubliez
    rappeler remplir remplissez bouillir cuire cuisez rôtir griller refroidir dorer émincer
    émincez hacher hachez râper râpez égoutter égouttez remuer remuez assaisonner assaisonnez
    goûter goûtez enfourner enfournez étaler étalez battre battez chaud chaude chauds froid froide
    frais fraîche salé salée sucré sucrée amer doux douce fort forte léger légère lourd lourde
    vide sec sèche propre sale vieux vieille ancien ancienne beau belle joli jolie heureux
    heureuse triste fatigué fatiguée délicieux délicieuse idéal incroyable génial pas cher chère
    gratuit gratuite lent lente rapide long longue court courte difficile simple pratique utile
    sain saine entier entière chose choses gens an ans année années type astuce astuces secret
    secrets partie moitié reste fin début beaucoup toujours jamais prêt prête
  `),
  de: words(`
    schäle schälen schneide schneiden mische mischen zieh ziehen dazu passt passen starte starten
    genieß genießen füttere füttern knete kneten lass lassen muss knacken spart sparen bleibst
    bleiben hilft helfen vergiss vergessen gib geben nimm nehmen rühre rühren warte warten
    lege legen stelle stellen brate braten
    klein kleine kleinen gut gute guten genug früh hauchdünn heiß heißen heißem frisch frische
    schwach schwache schwacher schwachen stark starke starker
    frischen mittel mittlere mittleren halb halbe wie statt pflicht prise
    zwei drei vier fünf sechs sieben acht neun zehn zwanzig dreißig vierzig hundert tausend
    minute minuten sekunden
    gehen geh geht kommen komm kommt haben hat können kann kannst wissen weiß wollen will willst
    brauchen brauchst braucht finden findest findet essen iss isst trinken trink trinkt kaufen
    kauf kauft verkaufen verkauf bezahlen bezahl ausgeben spar hilf ankommen raus öffnen öffne
    offen schließen schließ geschlossen putzen putz waschen wasch wechseln wechsle wählen wähle
    entdecken entdecke genieße lernen lerne lernt zeigen zeig sehen sieh siehst leben fühlen bleib
    sagen sag sprechen sprich denken denk versuchen versuch vermeiden vermeide erinnern füllen
    füll backen back gebacken abkühlen bräunen hacken reiben reib abgießen gießen gieß würzen würz
    probieren probier warm warme kalt kalte kalten süß süße sauer bitter weich weiche leicht
    leichte schwer schwere voll volle leer leere trocken sauber schmutzig alt alte alten neu neue
    neuen neues schön schöne glücklich müde lecker perfekt ideal toll super günstig billig teuer
    kostenlos gratis langsam schnell lang lange kurz kurze hoch einfach einfache praktisch
    nützlich hausgemacht gesund ganz ding dinge leute jahr jahre tipp tipps trick tricks geheimnis
    teil hälfte rest ende anfang viel immer nie fertig
  `),
  it: words(`
    fai fare bollire salala soffriggi soffriggere aggiungi aggiungere scola scolare prendi
    prendere perditi perdere metti mettere taglia tagliare mescola mescolare lascia lasciare
    aspetta aspettare servi servire
    buon buona buono medio media mezzo mezza piccolo piccola grande facile dente pizzico
    due tre quattro cinque sei sette otto nove dieci venti trenta cento mille minuti
    andare vai va andiamo venire vieni viene avere ha hai potere puoi può sapere sai volere vuoi
    vuole serve servono trovare trova trovi mangiare mangia bere bevi beve comprare compra compri
    vendere vende pagare paga paghi spendere spendi risparmiare risparmia aiutare aiuta aiuti
    arrivare arriva uscire esci aprire apri aperto aperta chiudere chiudi chiuso chiusa pulire
    pulisci lavare lava cambiare cambia scegliere scegli scoprire scopri goditi godere imparare
    impara insegnare insegna mostrare vedere vedi vivere vivi sentire senti restare resta dare dai
    dire dici parlare parla pensare pensa provare prova evitare evita dimenticare dimentica
    ricordare ricorda togliere togli riempire riempi cotto cotta arrostire grigliare raffreddare
    dorare tritare trita grattugiare grattugia versare versa girare gira condire condisci
    assaggiare assaggia infornare inforna stendere stendi caldo calda caldi freddo fredda fresco
    fresca salato salata dolce amaro morbido morbida forte pesante pieno piena vuoto vuota secco
    secca pulito pulita sporco vecchio vecchia antico antica bello bella carino carina felice
    triste stanco stanca buonissimo delizioso deliziosa perfetto perfetta ideale incredibile
    economico economica caro cara gratis gratuito gratuita veloce lungo lunga corto corta alto
    difficile semplice pratico pratica utile fatto fatta sano sana intero intera cosa cose gente
    anno anni tipo trucco trucchi segreto segreti parte metà resto fine inizio molto sempre mai
    pronto pronta
  `),
  nl: words(`
    huur huren rijd rijden stop stoppen zet zetten meng mengen laat laten rusten bak bakken
    neem nemen doe doen snijd snijden roer roeren wacht wachten
    lekker even altijd half halve middel klein kleine groot grote goed goede heet hete snufje
    twee drie vier vijf zes zeven acht negen tien twintig honderd minuut minuten seconden
    gaan ga gaat komt hebben heb heeft kunnen kan kunt weten weet willen wil wilt nodig vinden
    vind vindt eten eet drinkt kopen koop koopt verkopen betalen betaal uitgeven sparen spaar
    helpen help helpt aankomen openen open dicht sluiten sluit schoonmaken wassen was veranderen
    kiezen kies ontdekken ontdek genieten geniet leren leer tonen zie leven voelen blijven blijf
    geven geef zeggen zeg praten denken proberen probeer vermijden vergeet vergeten onthouden
    vullen vul grillen afkoelen hakken raspen afgieten gieten giet proeven proef warm warme koud
    koude vers verse zoet zoete zuur bitter zacht zachte sterk sterke licht lichte zwaar zware vol
    volle leeg lege droog droge schoon vies oud oude nieuw nieuwe mooi mooie blij verdrietig moe
    perfect ideaal geweldig goedkoop duur gratis langzaam snel snelle lang lange kort korte hoog
    hoge moeilijk makkelijk simpel handig gezond gezonde heel hele ding dingen jaar jaren tip tips
    truc trucs geheim deel helft rest einde begin veel nooit klaar
  `),
  pl: words(`
    zagnieć ugotuj wymieszaj dodaj podawaj ubierz sprawdź weź zobaczysz pokrój poczekaj włóż
    smaż usmaż
    ciepłą ciepły ciepła gorącą gorący gorąca osolonej osolona smażoną smażona średni średnio
    średnim mały mała duży duża dobry dobra jak szczypta szczyptę
    dwa dwie trzy cztery pięć sześć siedem osiem dziewięć dziesięć minut minuty minutę
    iść idź przyjść przyjdź mieć masz ma móc możesz wiedzieć chcieć chcesz potrzebujesz znaleźć
    znajdź jeść jedz pić pij kupić kup kupuj sprzedać zapłać płać wydawać oszczędzać oszczędzaj
    pomóc pomoże pomaga otworzyć otwórz otwarte zamknąć zamknij wyczyść umyj myj zmień wybierz
    odkryj ciesz naucz ucz pokaż zobacz żyj czuj zostań daj powiedz mów spróbuj unikaj pamiętaj
    napełnij piec piecz upiecz grilluj ostudź zetrzyj odcedź wlej przypraw zimny zimna świeży
    świeża słodki słodka kwaśny gorzki miękki miękka mocny lekki lekka ciężki pełny pusty suchy
    czysty brudny stary stara piękny piękna szczęśliwy smutny zmęczony pyszny pyszna idealny tani
    tania drogi droga darmowy wolno szybko szybki długi długa krótki wysoki trudny łatwy łatwa
    prosty prosta praktyczny zdrowy zdrowa cały cała rzecz rzeczy ludzie rok sposób trik sekret
    połowa reszta koniec początek dużo zawsze nigdy gotowy gotowa
  `),
  tr: words(`
    yapılır koyun ekleyin ekle pişirin pişir servis edin yapın yapılır geçin başlayın yiyin hazırlamak
    doğrayın unutmayın karıştırın bekleyin alın
    orta kısık yavaşça soğuk demli nasıl gün ince tutam uzun kısa büyük küçük yeni eski güzel
    iyi
    iki üç dört beş altı yedi sekiz dokuz on yirmi otuz yüz bin
    git gel var yok al satın sat öde harca biriktir yardım aç kapat temizle yıka değiştir seç
    keşfet tadını öğren göster gör yaşa kal ver söyle konuş düşün dene kaçın hatırla doldur kaynat
    pişmiş fırında kızart soğut rendele süz dök sıcak taze tatlı ekşi acı yumuşak güçlü hafif ağır
    dolu boş kuru temiz kirli mutlu üzgün lezzetli mükemmel ucuz pahalı ücretsiz bedava yavaş
    hızlı zor kolay basit pratik sağlıklı bütün şey şeyler yıl sır parça yarım son başlangıç çok
    her zaman hiç hazır
  `),
  ja: words(`
    待つ 待って 待った 中 方 度 完成 します ます 描く 注ぎ 挽き 温め 待っ 楽しみ 淹れ おすすめ とても きれい
    ゆっくり 新鮮 おいしい 分 三 九十
    作る 作り 作ります 使う 使います 買う 買います 食べる 食べます 飲む 飲みます 行く 行きます 来る 見る 見ます 入れる 入れます 切る 切ります 焼く 焼きます 煮る 混ぜる
    混ぜます 加える 簡単 簡単な 便利 便利な 人気 最高 大切 必要 新しい 古い 美しい 暑い 寒い 熱い 冷たい 甘い 辛い 早い 速い 遅い 大きい 小さい
  `),
  zh: words(`
    学会 分钟 中 加 打散 切成 小块 块 炒熟 盛出 再 最后 放回 配 好吃 出发 带 带上 非常 美 去 吃
    先 一点 一碗 很好 后去 五 学
    做 买 喝 来 看 用 放 切 煮 炒 加入 加油 简单 方便 好 新 旧 热 冷 甜 快 慢 大 小
  `),
  ko: words(`
    넣으세요 끓이세요 붓고 드세요 시작해요 주문하세요 앉아 읽어요 산책해요 끓이는 법 작은
    함께 긴 짧은 큰 새 새로운 좋은 많은 예쁜 맛있는 옛날 옛날에
    만들기 만들어요 사용하세요 사세요 먹어요 마셔요 가요 와요 봐요 넣어요 자르세요 끓여요 볶아요 구워요 쉬워요 쉬운 간단한 편한 편해요 맛있어요 좋아요 뜨거운 차가운
    달콤한 빠른 느린
  `),
  hi: words(`
    डालें मिलाएँ उबालें परोसें उठें बैठें लें करें बनाने तरीका फायदे जल्दी धीमी गहरी रोज़ अभ्यास
    पाँच पंद्रह मिनट आराम
    करो बनाएं खाएं पिएं जाएं देखें खरीदें आसान अच्छा अच्छी नया नई गरम ठंडा मीठा तेज़ धीरे
  `),
  ar: words(`
    أضف قدّم قدّمها اركب نم اشرب تنس تحضير طريقة هادئة صغيرة المغلي عند تحت
    اصنع كل اذهب شاهد اشتر سهل جديد حار بارد حلو سريع بطيء جميل لذيذ
  `),
};

/**
 * Nouns stopwords-iso lists that name something we can draw: kept as content words in the
 * keywords and in the member's text alike.
 */
export const KEPT_WORDS: Readonly<Record<string, readonly string[]>> = {
  en: words(
    'fire home world computer mug ring shell room web tv page bill net date work website novel ai',
  ),
  es: words('sal tiempo horas hora'),
  pt: words('noite viagem quarto horas hora dia trabalho caminho pessoas'),
  fr: words('personne personnes pièce été'),
  de: words('mann mensch menschen uhr zeit morgen ei tag'),
  it: words('uomo persone città tempo ore mondo giorno gruppo'),
  zh: words('月 光 日'),
  ko: words('아이 시간'),
  hi: words('घर'),
  tr: words('iş'),
  ar: words('صباح مساء'),
};

/**
 * Body parts beyond hands and faces are never shown (blocklist.ts), so the words for them never
 * choose a look-alike either: "your puppy's nose" is no pig's nose, "your head" no speaking head.
 */
export const BODY_WORDS: Readonly<Record<string, readonly string[]>> = {
  en: words(`
    nose head shoulder shoulders arm arms leg legs knee knees foot feet toe toes back neck hip
    hips chest belly stomach ear ears eye eyes mouth lip lips tongue tooth teeth brain skin spine
    muscle muscles bone bones
  `),
  es: words(`
    nariz cabeza hombro hombros brazo brazos pierna piernas rodilla rodillas pie pies espalda
    cuello cadera pecho estómago oreja orejas ojo ojos boca labios lengua diente dientes cerebro
    músculo músculos hueso huesos
  `),
  pt: words(`
    nariz cabeça ombro ombros braço braços perna pernas joelho joelhos pé pés costas pescoço
    quadril peito barriga orelha orelhas olho olhos boca lábios língua dente dentes cérebro
    músculo músculos osso ossos
  `),
  fr: words(`
    nez tête épaule épaules bras jambe jambes genou genoux pied pieds dos cou hanche poitrine
    ventre oreille oreilles oeil yeux bouche lèvres langue dent dents cerveau muscle muscles os
  `),
  de: words(`
    nase kopf schulter schultern arm arme bein beine knie fuß füße rücken hals hüfte brust bauch
    ohr ohren auge augen mund lippen zunge zahn zähne gehirn muskel muskeln knochen
  `),
  it: words(`
    naso testa spalla spalle braccio braccia gamba gambe ginocchio piede piedi schiena collo
    fianco petto pancia orecchio orecchie occhio occhi bocca labbra lingua dente denti cervello
    muscolo muscoli osso ossa
  `),
  nl: words(`
    neus hoofd schouder schouders arm armen been benen knie voet voeten rug nek heup borst buik
    oor oren oog ogen mond lippen tong tand tanden hersenen spier spieren bot botten
  `),
  pl: words(`
    nos głowa głowę ramię ramiona noga nogi kolano kolana stopa stopy plecy szyja biodro brzuch
    ucho uszy oko oczy usta język ząb zęby mózg mięsień mięśnie kość kości
  `),
  tr: words(`
    burun baş kafa omuz omuzlar kol kollar bacak diz ayak sırt boyun kalça göğüs karın kulak göz
    ağız dudak diş beyin kas kemik
  `),
  ja: words('鼻 頭 肩 腕 脚 足 膝 背中 首 胸 お腹 耳 目 口 唇 舌 歯 脳 筋肉 骨'),
  zh: words(
    '鼻子 头 肩膀 胳膊 手臂 腿 脚 膝盖 背 脖子 胸 肚子 耳朵 眼睛 嘴 嘴唇 舌头 牙齿 大脑 肌肉 骨头',
  ),
  ko: words('코 머리 어깨 팔 다리 발 무릎 등 목 가슴 귀 입 입술 혀 이빨 치아 뇌 근육 뼈'),
  hi: words('नाक सिर कंधे कंधा बांह पैर घुटना पीठ गर्दन छाती पेट कान आंख आँख मुंह होंठ जीभ दांत दिमाग हड्डी'),
  ar: words(
    'أنف رأس كتف أكتاف ذراع ساق ركبة قدم ظهر رقبة صدر بطن أذن عين فم شفاه لسان أسنان دماغ عضلة عظم',
  ),
};

/**
 * Counts, for the units after them: "180 degrees" is a temperature, not a graduation cap, and
 * "thirty centimetres" no ruler; "a degree in design" still is one.
 */
export const NUMBER_WORDS: Readonly<Record<string, readonly string[]>> = {
  en: words(`one two three four five six seven eight nine ten eleven twelve fifteen twenty thirty
    forty fifty sixty hundred thousand few several couple dozen half`),
  es: words(`un una uno dos tres cuatro cinco seis siete ocho nueve diez quince veinte treinta
    cuarenta cincuenta cien ciento doscientos mil medio media unos unas`),
  pt: words(`um uma dois duas três quatro cinco seis sete oito nove dez quinze vinte trinta
    quarenta cinquenta cem mil meio meia uns umas`),
  fr: words(`un une deux trois quatre cinq six sept huit neuf dix quinze vingt trente quarante
    cinquante cent mille demi quelques`),
  de: words(`ein eine einen zwei drei vier fünf sechs sieben acht neun zehn fünfzehn zwanzig
    dreißig vierzig fünfzig hundert tausend halb paar einige`),
  it: words(`un uno una due tre quattro cinque sei sette otto nove dieci quindici venti trenta
    quaranta cinquanta cento mille mezzo qualche`),
  nl: words(`een twee drie vier vijf zes zeven acht negen tien vijftien twintig dertig veertig
    vijftig honderd duizend half paar`),
  pl: words(`jeden jedna dwa dwie trzy cztery pięć sześć siedem osiem dziewięć dziesięć piętnaście
    dwadzieścia trzydzieści czterdzieści sto kilka`),
  tr: words('bir iki üç dört beş altı yedi sekiz dokuz on yirmi otuz kırk elli yüz bin birkaç'),
  ko: words('하나 둘 셋 넷 다섯 여섯 일곱 여덟 아홉 열 한 두 세 네 몇 여러'),
};

/** Units of measure: after a number (digits or a word above) they never choose a picture. */
export const UNIT_WORDS: Readonly<Record<string, readonly string[]>> = {
  en: words(`degree degrees gram grams g kg kilo kilos kilogram kilograms mg ml l litre litres
    liter liters km kilometre kilometres kilometer kilometers mile miles metre metres meter meters
    centimetre centimetres centimeter centimeters cm mm inch inches percent oz ounce ounces lb lbs
    celsius fahrenheit kcal mph`),
  es: words(`grado grados gramo gramos g kg kilo kilos kilogramo kilogramos ml litro litros km
    kilómetro kilómetros metro metros centímetro centímetros cm mm milla millas`),
  pt: words(`grau graus grama gramas g kg quilo quilos quilograma quilogramas ml litro litros km
    quilômetro quilômetros quilómetro quilómetros metro metros centímetro centímetros cm mm`),
  fr: words(`degré degrés gramme grammes g kg kilo kilos ml litre litres km kilomètre kilomètres
    mètre mètres centimètre centimètres cm mm`),
  de: words(`grad gramm g kg kilo kilogramm liter l ml km kilometer meter zentimeter cm mm
    prozent`),
  it: words(`grado gradi grammo grammi g kg chilo chili litro litri ml km chilometro chilometri
    metro metri centimetro centimetri cm mm`),
  nl: words('graad graden gram kilo kilogram liter ml km kilometer meter centimeter cm mm'),
  pl: words(`stopień stopnie stopni gram gramów g kg kilogram kilogramów litr litry litrów ml km
    kilometr kilometrów metr metry metrów centymetr centymetrów cm mm`),
  tr: words('derece gram kilo kg litre ml km kilometre metre santimetre cm mm'),
  // Korean counters: "다섯 가지" is five kinds, not five eggplants.
  ko: words('가지 개 번 분 초 시간 명 잔 곳 단계'),
};

/**
 * Words that follow an imperative verb at the start of a clause: a determiner, a possessive or
 * a particle ("Book your hotel", "Sign up", "Reserva tu vuelo", "Buche dein Hotel"). The verb
 * before them names no thing, whatever noun it is spelt like (a book, a sign, a beech).
 */
export const AFTER_IMPERATIVE: Readonly<Record<string, readonly string[]>> = {
  // Not "on", "in": "Rain on the streets", "Coffee in bed" open with their subject.
  en: words(
    'the a an your my our their his her its this that these those some up out off down away back',
  ),
  es: words('el la los las un una unos unas tu tus su sus mi mis este esta estos estas'),
  pt: words('o a os as um uma uns umas seu sua seus suas teu tua meu minha este esta'),
  fr: words('le la les l un une des du votre vos ton ta tes mon ma mes ce cet cette ces'),
  de: words(`der die das den dem des ein eine einen einem dein deine deinen deinem ihr ihre ihren
    mein meine unser unsere sie euch`),
  it: words('il lo la i gli le l un una uno tuo tua tuoi tue il suo sua questo questa'),
  nl: words('de het een je jouw uw mijn ons onze deze dit die dat'),
};

/**
 * Containers and measures, and the word for "of" after them: "a cup of milk" shows the milk,
 * "una taza de café" the coffee, "un verre de vin" the wine; the container only qualifies it.
 */
export const CONTAINER_WORDS: Readonly<
  Record<string, { containers: readonly string[]; of: readonly string[] }>
> = {
  en: {
    containers: words(`cup mug glass bowl plate slice piece bottle bag box jar can tin pot spoon
      spoonful tablespoon teaspoon bunch loaf bar scoop carton pack packet basket bucket`),
    of: ['of'],
  },
  es: {
    containers: words(`taza vaso copa plato trozo pedazo rebanada rodaja botella bolsa caja tarro
      lata cuchara cucharada cucharadita ramo barra bola cesta paquete`),
    of: ['de'],
  },
  pt: {
    containers: words(`xícara chávena copo taça prato fatia pedaço garrafa saco saquinho caixa pote
      lata colher colherada ramo barra bola cesta pacote`),
    of: ['de'],
  },
  fr: {
    containers: words(`tasse verre bol assiette tranche morceau part bouteille sac sachet boîte pot
      bocal cuillère cuillerée bouquet barre boule panier paquet`),
    of: ['de', 'd'],
  },
  it: {
    containers: words(`tazza tazzina bicchiere calice piatto fetta pezzo bottiglia sacchetto
      scatola barattolo vasetto lattina cucchiaio cucchiaino mazzo barretta pallina cestino
      pacchetto`),
    of: ['di'],
  },
};
