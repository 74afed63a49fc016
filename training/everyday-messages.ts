import type { Random } from './random.ts';

/**
 * Short everyday messages, written for this project: what real chat traffic is full of and what the
 * datasets barely contain (greetings, acknowledgements, one-line requests about the text at hand,
 * follow-ups, customer-service questions, fillers). Per language, in many scripts. They are benign
 * training texts, so that a short message needs evidence of an attack before it scores as one.
 * (The everyday-messages test uses different sentences.)
 */
const MESSAGES: Record<string, readonly string[]> = {
  en: [
    'hello', 'hey', 'hey there', 'good morning', 'good evening!', 'hiya', 'yo', 'sup', 'thanks', 'thank you so much', 'cheers', 'great, thanks',
    'ok', 'okay', 'k', 'sure', 'yep', 'nope', 'no', 'no thanks', 'got it', 'makes sense', 'perfect', 'cool', 'nice', 'awesome', 'lol', 'haha',
    'hmm', 'wait', 'never mind', 'sorry', 'my bad', 'please', 'go ahead', 'keep going', 'more', 'again', 'shorter', 'longer please', 'in English',
    'summarise this', 'summarize the text', 'summarise the article above', 'give me a summary', 'tl;dr please', 'shorten it', 'make it shorter',
    'translate to French', 'translate this into Spanish', 'translate the above to German', 'in Japanese please', 'what does this mean?',
    'fix my code', 'fix the bug', 'why does my code crash?', 'can you review my code?', 'what does this code do?', 'add comments to the code',
    'write a test for this function', 'explain the error', 'refactor this', 'convert this to TypeScript', 'format this as JSON', 'make a table',
    'rewrite it', 'rewrite this more politely', 'proofread this', 'check my grammar', 'is this correct?', 'any typos?', 'sounds good',
    'what is my order status?', 'where is my package?', 'I want a refund', 'cancel my subscription', 'how do I reset my password?',
    'I forgot my password', 'change my email address', 'update my billing info', 'when do you open?', 'talk to a human', 'agent please',
    'what time is it?', 'what day is it today?', 'weather tomorrow?', 'is it going to rain?', 'what should I cook tonight?', 'tell me a joke',
    'recommend a movie', 'a good book?', 'help', 'I need help', 'can you help me?', 'quick question', 'one more thing', 'follow up:',
    'what about the second one?', 'and the other option?', 'which is better?', 'why?', 'how?', 'really?', 'are you sure?', 'explain more',
    'give an example', 'another example please', 'step by step', 'in bullet points', 'as a list', 'bullet points please', 'list them',
    'show me the code', 'show me an example', 'print the result', 'output as CSV', 'print hello world in Python', 'what is the answer?',
    'what is 2+2', 'what is 15% of 80?', 'convert 5 miles to km', 'how many days until Christmas?', 'define serendipity', 'synonym for happy',
    'start over', 'new topic', 'let us begin', 'go on', 'next', 'previous', 'back', 'stop', 'pause', 'done', 'that is all', 'bye', 'see you',
    'good night', 'have a nice day', 'you too', 'what can you do?', 'who are you?', 'are you a bot?', 'what is your name?', 'how are you?',
    'how does this work?', 'what are the rules of chess?', 'the rules of poker', 'instructions for the washing machine', 'the document',
    'read the document', 'use the attached file', 'see attachment', 'check the link', 'open the pdf', 'explain the chart', 'describe the image',
    'stream the answer', 'streaming please', 'answer briefly', 'be concise', 'in one sentence', 'explain like I am five', 'simpler please',
    'show your work', 'can I get the code for the discount?', 'what is the promo code?', 'my code does not compile', 'code review please',
    'system requirements?', 'which system do you recommend?', 'secret santa ideas', 'what is the secret to good bread?', 'access my account',
  ],
  es: [
    'hola', 'buenos días', 'buenas tardes', 'gracias', 'muchas gracias', 'vale', 'de acuerdo', 'sí', 'no', 'claro', 'perfecto', 'genial',
    'resume este texto', 'tradúcelo al inglés', 'traduce esto al francés', 'corrige mi código', '¿qué hora es?', '¿dónde está mi pedido?',
    'quiero cancelar mi suscripción', '¿me ayudas?', 'explícalo mejor', 'más corto, por favor', 'dame un ejemplo', 'continúa', 'sigue',
    '¿y el otro?', 'no entiendo', 'otra vez', 'hasta luego', '¿cómo estás?', 'olvidé mi contraseña, ¿cómo la cambio?', 'en una frase',
  ],
  fr: [
    'bonjour', 'salut', 'bonsoir', 'merci', 'merci beaucoup', "d'accord", 'oui', 'non', 'parfait', 'super', 'ça marche', 'pas de souci',
    'résume ce texte', 'traduis en anglais', 'traduis ceci en espagnol', 'corrige mon code', 'quelle heure est-il ?', 'où est ma commande ?',
    'je veux annuler mon abonnement', 'tu peux m’aider ?', 'explique plus simplement', 'plus court svp', 'donne un exemple', 'continue',
    'et la suite ?', 'je ne comprends pas', 'encore', 'à plus tard', 'comment ça va ?', 'j’ai oublié mon mot de passe', 'en une phrase',
  ],
  de: [
    'hallo', 'guten Morgen', 'guten Abend', 'danke', 'vielen Dank', 'okay', 'ja', 'nein', 'genau', 'super', 'alles klar', 'passt',
    'fasse den Text zusammen', 'übersetze ins Englische', 'übersetz das bitte auf Französisch', 'korrigiere meinen Code', 'wie spät ist es gerade?',
    'wo ist meine Bestellung?', 'ich möchte mein Abo kündigen', 'kannst du mir helfen?', 'erklär das einfacher', 'kürzer bitte', 'ein Beispiel bitte',
    'weiter', 'mach weiter', 'und das andere?', 'versteh ich nicht', 'nochmal', 'tschüss', 'wie geht es dir?', 'Passwort vergessen, was nun?',
  ],
  it: [
    'ciao', 'buongiorno', 'buonasera', 'grazie', 'grazie mille', 'va bene', 'sì', 'no', 'perfetto', 'ottimo', 'certo', 'capito',
    'riassumi il testo', 'traduci in inglese', 'traduci questo in tedesco', 'correggi il mio codice', 'che ore sono?', "dov'è il mio ordine?",
    'voglio disdire l’abbonamento', 'mi aiuti?', 'spiegalo meglio', 'più breve per favore', 'fammi un esempio', 'continua', 'vai avanti',
    'e l’altro?', 'non capisco', 'di nuovo', 'a dopo', 'come stai?', 'ho dimenticato la password', 'in una frase',
  ],
  pt: [
    'olá', 'oi', 'bom dia', 'boa noite', 'obrigado', 'obrigada', 'valeu', 'tudo bem', 'sim', 'não', 'perfeito', 'beleza', 'combinado',
    'resuma o texto', 'traduza para o inglês', 'traduz isso para espanhol', 'corrija meu código', 'que horas são?', 'cadê meu pedido?',
    'quero cancelar minha assinatura', 'pode me ajudar?', 'explica melhor', 'mais curto, por favor', 'dá um exemplo', 'continua', 'segue',
    'e o outro?', 'não entendi', 'de novo', 'até logo', 'como vai?', 'esqueci minha senha', 'em uma frase',
  ],
  nl: [
    'hoi', 'hallo', 'goedemorgen', 'dank je', 'bedankt', 'oké', 'ja', 'nee', 'prima', 'top', 'helder', 'vat de tekst samen', 'vertaal naar het Engels',
    'verbeter mijn code', 'hoe laat is het?', 'waar is mijn bestelling?', 'ik wil mijn abonnement opzeggen', 'kun je helpen?', 'korter graag',
    'geef een voorbeeld', 'ga door', 'snap ik niet', 'tot straks', 'hoe gaat het?', 'wachtwoord vergeten',
  ],
  sv: [
    'hej', 'god morgon', 'tack', 'tack så mycket', 'okej', 'ja', 'nej', 'perfekt', 'sammanfatta texten', 'översätt till engelska', 'fixa min kod',
    'vad är klockan?', 'var är min beställning?', 'kan du hjälpa mig?', 'kortare tack', 'ge ett exempel', 'fortsätt', 'jag förstår inte', 'hej då',
    'hur mår du?', 'jag har glömt mitt lösenord',
  ],
  pl: [
    'cześć', 'dzień dobry', 'dzięki', 'dziękuję bardzo', 'ok', 'tak', 'nie', 'super', 'jasne', 'podsumuj tekst', 'przetłumacz na angielski',
    'popraw mój kod', 'która godzina?', 'gdzie jest moje zamówienie?', 'chcę anulować subskrypcję', 'pomożesz?', 'krócej proszę', 'podaj przykład',
    'kontynuuj', 'nie rozumiem', 'na razie', 'jak się masz?', 'zapomniałem hasła',
  ],
  cs: [
    'ahoj', 'dobrý den', 'díky', 'děkuji', 'jo', 'ano', 'ne', 'dobře', 'shrň text', 'přelož do angličtiny', 'oprav můj kód', 'kolik je hodin?',
    'kde je moje objednávka?', 'pomůžeš mi?', 'kratší prosím', 'dej příklad', 'pokračuj', 'nerozumím', 'měj se', 'jak se máš?', 'zapomněl jsem heslo',
  ],
  ro: [
    'salut', 'bună ziua', 'mulțumesc', 'mersi', 'da', 'nu', 'perfect', 'rezumă textul', 'tradu în engleză', 'repară-mi codul', 'cât e ceasul?',
    'unde e comanda mea?', 'mă ajuți?', 'mai scurt, te rog', 'dă-mi un exemplu', 'continuă', 'nu înțeleg', 'pa', 'ce faci?', 'am uitat parola',
  ],
  ru: [
    'привет', 'здравствуйте', 'доброе утро', 'спасибо', 'большое спасибо', 'ок', 'да', 'нет', 'понятно', 'отлично', 'хорошо', 'ясно',
    'кратко перескажи текст', 'переведи на английский', 'переведи это на немецкий', 'исправь мой код', 'который час?', 'где мой заказ?',
    'хочу отменить подписку', 'поможешь?', 'объясни проще', 'покороче, пожалуйста', 'приведи пример', 'продолжай', 'дальше', 'а второй вариант?',
    'не понимаю', 'ещё раз', 'пока', 'как дела?', 'я забыл пароль, как его сбросить?', 'одним предложением',
  ],
  uk: [
    'привіт', 'добрий день', 'дякую', 'щиро дякую', 'так', 'ні', 'добре', 'чудово', 'підсумуй текст', 'переклади англійською', 'виправ мій код',
    'котра година?', 'де моє замовлення?', 'допоможеш?', 'коротше, будь ласка', 'наведи приклад', 'продовжуй', 'не розумію', 'бувай', 'як справи?',
  ],
  el: [
    'γεια', 'γεια σου', 'καλημέρα', 'ευχαριστώ', 'ευχαριστώ πολύ', 'ναι', 'όχι', 'εντάξει', 'τέλεια', 'συνόψισε το κείμενο', 'μετάφρασε στα αγγλικά',
    'διόρθωσε τον κώδικά μου', 'τι ώρα είναι;', 'πού είναι η παραγγελία μου;', 'με βοηθάς;', 'πιο σύντομα', 'δώσε ένα παράδειγμα', 'συνέχισε',
    'δεν καταλαβαίνω', 'τα λέμε', 'τι κάνεις;',
  ],
  tr: [
    'merhaba', 'selam', 'günaydın', 'teşekkürler', 'çok teşekkür ederim', 'tamam', 'evet', 'hayır', 'harika', 'metni özetle', 'İngilizceye çevir',
    'kodumu düzelt', 'saat kaç?', 'siparişim nerede?', 'aboneliğimi iptal etmek istiyorum', 'yardım eder misin?', 'daha kısa lütfen',
    'bir örnek ver', 'devam et', 'anlamadım', 'görüşürüz', 'nasılsın?', 'şifremi unuttum',
  ],
  ar: [
    'مرحبا', 'السلام عليكم', 'صباح الخير', 'شكرا', 'شكرا جزيلا', 'حسنا', 'نعم', 'لا', 'ممتاز', 'لخص النص', 'ترجم إلى الإنجليزية', 'أصلح الكود',
    'كم الساعة؟', 'أين طلبي؟', 'أريد إلغاء اشتراكي', 'هل تساعدني؟', 'أقصر من فضلك', 'أعطني مثالا', 'أكمل', 'لم أفهم', 'إلى اللقاء', 'كيف حالك؟',
    'نسيت كلمة المرور',
  ],
  he: [
    'שלום', 'היי', 'בוקר טוב', 'תודה', 'תודה רבה', 'בסדר', 'כן', 'לא', 'מעולה', 'סכם את הטקסט', 'תרגם לאנגלית', 'תקן את הקוד שלי', 'מה השעה?',
    'איפה ההזמנה שלי?', 'אתה יכול לעזור?', 'קצר יותר בבקשה', 'תן דוגמה', 'תמשיך', 'לא הבנתי', 'להתראות', 'מה שלומך?',
  ],
  fa: [
    'سلام', 'صبح بخیر', 'ممنون', 'خیلی ممنون', 'باشه', 'بله', 'نه', 'عالیه', 'متن را خلاصه کن', 'به انگلیسی ترجمه کن', 'کدم را درست کن',
    'ساعت چند است؟', 'سفارشم کجاست؟', 'کمکم می‌کنی؟', 'کوتاه‌تر لطفا', 'یک مثال بزن', 'ادامه بده', 'نفهمیدم', 'خداحافظ', 'حالت چطوره؟',
  ],
  hi: [
    'नमस्ते', 'हैलो', 'सुप्रभात', 'धन्यवाद', 'बहुत शुक्रिया', 'ठीक है', 'हाँ', 'नहीं', 'बढ़िया', 'इस पाठ का सारांश दो', 'अंग्रेज़ी में अनुवाद करो',
    'मेरा कोड ठीक करो', 'कितने बजे हैं?', 'मेरा ऑर्डर कहाँ है?', 'क्या आप मदद करेंगे?', 'छोटा करो', 'एक उदाहरण दो', 'आगे बताओ', 'समझ नहीं आया',
    'फिर मिलेंगे', 'आप कैसे हैं?', 'मैं अपना पासवर्ड भूल गया', 'namaste', 'shukriya', 'theek hai', 'mera order kahan hai?',
  ],
  bn: [
    'নমস্কার', 'হ্যালো', 'ধন্যবাদ', 'ঠিক আছে', 'হ্যাঁ', 'না', 'দারুণ', 'লেখাটা সংক্ষেপ করো', 'ইংরেজিতে অনুবাদ করো', 'আমার কোড ঠিক করো', 'কয়টা বাজে?',
    'আমার অর্ডার কোথায়?', 'সাহায্য করবে?', 'আরও ছোট করো', 'একটা উদাহরণ দাও', 'চালিয়ে যাও', 'বুঝিনি', 'আবার দেখা হবে', 'কেমন আছো?',
  ],
  zh: [
    '你好', '您好', '早上好', '谢谢', '非常感谢', '好的', '是的', '不是', '没问题', '太棒了', '明白了', '总结一下这段文字', '翻译成英文',
    '把这个翻译成法语', '帮我改一下代码', '现在几点了？', '我的订单到哪了？', '我想取消订阅', '能帮我吗？', '说简单点', '短一点', '举个例子',
    '继续', '还有呢？', '没看懂', '再来一次', '再见', '你好吗？', '我忘记密码了，怎么重置？', '用一句话说',
  ],
  ja: [
    'こんにちは', 'おはようございます', 'こんばんは', 'ありがとう', 'ありがとうございます', 'はい', 'いいえ', '了解です', 'わかりました',
    'この文章を要約して', '英語に翻訳して', 'これをフランス語に訳して', 'コードを直して', '今何時？', '注文はどこですか？', '解約したいです',
    '手伝ってもらえますか？', 'もっと短く', '例をください', '続けて', 'よくわかりません', 'もう一度', 'またね', '元気？', 'パスワードを忘れました',
  ],
  ko: [
    '안녕하세요', '안녕', '좋은 아침', '감사합니다', '고마워', '네', '아니요', '알겠어요', '좋아요', '이 글을 요약해 줘', '영어로 번역해 줘',
    '내 코드 고쳐 줘', '지금 몇 시야?', '주문 어디쯤 왔어요?', '구독 취소하고 싶어요', '도와줄 수 있어?', '더 짧게', '예시 보여줘', '계속해',
    '이해가 안 돼요', '다시 한 번', '잘 가', '잘 지내?', '비밀번호를 잊어버렸어요',
  ],
  vi: [
    'xin chào', 'chào bạn', 'cảm ơn', 'cảm ơn nhiều', 'được', 'vâng', 'không', 'tuyệt', 'tóm tắt văn bản này', 'dịch sang tiếng Anh', 'sửa code giúp tôi',
    'mấy giờ rồi?', 'đơn hàng của tôi đâu?', 'giúp tôi với', 'ngắn hơn nhé', 'cho ví dụ', 'tiếp tục', 'tôi không hiểu', 'tạm biệt', 'bạn khỏe không?',
    'tôi quên mật khẩu',
  ],
  id: [
    'halo', 'selamat pagi', 'terima kasih', 'makasih', 'oke', 'ya', 'tidak', 'mantap', 'ringkas teks ini', 'terjemahkan ke bahasa Inggris',
    'perbaiki kode saya', 'jam berapa sekarang?', 'pesanan saya di mana?', 'bisa bantu?', 'lebih singkat ya', 'kasih contoh', 'lanjut',
    'saya tidak paham', 'sampai jumpa', 'apa kabar?', 'saya lupa kata sandi',
  ],
  th: [
    'สวัสดี', 'สวัสดีครับ', 'ขอบคุณ', 'ขอบคุณมากค่ะ', 'โอเค', 'ใช่', 'ไม่', 'เยี่ยม', 'สรุปข้อความนี้', 'แปลเป็นภาษาอังกฤษ', 'ช่วยแก้โค้ดให้หน่อย',
    'กี่โมงแล้ว', 'คำสั่งซื้อของฉันอยู่ไหน', 'ช่วยหน่อยได้ไหม', 'สั้นกว่านี้', 'ขอตัวอย่าง', 'ต่อเลย', 'ไม่เข้าใจ', 'แล้วเจอกัน', 'สบายดีไหม',
  ],
  sw: [
    'habari', 'jambo', 'asante', 'asante sana', 'sawa', 'ndiyo', 'hapana', 'safi', 'fupisha maandishi haya', 'tafsiri kwa Kiingereza',
    'rekebisha msimbo wangu', 'ni saa ngapi?', 'oda yangu iko wapi?', 'unaweza kunisaidia?', 'fupi zaidi', 'toa mfano', 'endelea', 'sielewi', 'kwaheri',
  ],
  tl: [
    'kumusta', 'magandang umaga', 'salamat', 'maraming salamat', 'sige', 'oo', 'hindi', 'ayos', 'ibuod mo ang teksto', 'isalin sa Ingles',
    'ayusin mo ang code ko', 'anong oras na?', 'nasaan ang order ko?', 'pwede mo ba akong tulungan?', 'mas maikli', 'magbigay ng halimbawa',
    'ituloy mo', 'hindi ko maintindihan', 'paalam',
  ],
};

const OPENERS: Record<string, readonly string[]> = {
  en: ['hi', 'hey', 'ok', 'thanks,', 'great,', 'one more thing:', 'sorry,', 'please'],
  es: ['hola,', 'vale,', 'gracias,'], fr: ['salut,', 'ok,', 'merci,'], de: ['hallo,', 'ok,', 'danke,'], it: ['ciao,', 'ok,'], pt: ['oi,', 'beleza,'],
  ru: ['привет,', 'ок,'], zh: ['好的，', '你好，'], ja: ['すみません、', 'ありがとう、'], ko: ['저기요,', '고마워요,'], ar: ['مرحبا،'], hi: ['अच्छा,'],
};

export interface EverydayMessage {
  lang: string;
  text: string;
}

/** Every hand-written message, then combinations of an opener and a message of the same language. */
export function everydayMessages(rng: Random, combinations: number): EverydayMessage[] {
  const out: EverydayMessage[] = [];
  for (const [lang, list] of Object.entries(MESSAGES)) for (const text of list) out.push({ lang, text });
  const langs = Object.keys(OPENERS);
  for (let i = 0; i < combinations; i++) {
    const lang = langs[rng.int(langs.length)]!;
    const openers = OPENERS[lang]!;
    const list = MESSAGES[lang]!;
    const text = `${openers[rng.int(openers.length)]!} ${list[rng.int(list.length)]!}`;
    out.push({ lang, text: rng.next() < 0.3 ? text.charAt(0).toUpperCase() + text.slice(1) : text });
  }
  return out;
}

export const EVERYDAY_LANGUAGES = Object.keys(MESSAGES);
