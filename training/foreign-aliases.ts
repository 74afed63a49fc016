/**
 * Foreign words that borrow the vector of their English translation in the shipped word-vector
 * table, so that an instruction-override or extraction request in another language lands near its
 * English meaning. Hand-written for the vocabulary of attacks and of everyday requests; each line is
 * an English word followed by its forms in Spanish, French, German, Italian, Portuguese, Dutch,
 * Russian, Polish, Turkish and Indonesian (CJK scripts rely on character n-grams instead).
 */
const LINES = `
ignore: ignora ignore ignorar ignoriere ignoriere ignorare ignoreer negeer игнорируй игнорировать zignoruj ignoruj yoksay abaikan
forget: olvida oublie olvidar vergiss vergessen dimentica esqueça esquece vergeet забудь забыть zapomnij unut lupakan
previous: anteriores anterior précédentes précédents précédent vorherigen vorherige precedenti precedente anteriores vorige предыдущие предыдущих poprzednie önceki sebelumnya
instructions: instrucciones instrucción instructions anweisungen anweisung istruzioni istruzione instruções instrução instructies инструкции инструкций instrukcje talimatları talimat instruksi
rules: reglas règles regeln regole regras regels правила правилам zasady kuralları aturan
restrictions: restricciones restrictions einschränkungen restrizioni restrições beperkingen ограничений ограничения ograniczeń kısıtlama batasan
filters: filtros filtres filter filtri filters фильтров фильтры filtrów filtre filter
system: sistema système systemprompt systemprompts sistema systeem системный системы systemowy sistem sistem
prompt: prompt indicación consigne promptu prompta промпт подсказка istemi
reveal: revela revelar révèle révéler verrate verraten rivela rivelare revele revelar onthul раскрой раскрыть ujawnij açıkla ungkapkan
show: muestra muéstrame montre affiche zeig zeige mostra mostrami mostre toon покажи pokaż göster tampilkan
print: imprime imprimer drucke stampa imprima druk выведи распечатай wydrukuj yazdır cetak
repeat: repite répète wiederhole ripeti repita herhaal повтори powtórz tekrarla ulangi
password: contraseña clave mot passe passwort kennwort parola senha wachtwoord пароль hasło şifre sandi
secret: secreta secreto secrète secret geheime geheim segreta segreto secreta geheime секретный секрет tajne tajny gizli rahasia
everything: todo tout alles tutto tudo alles всё все wszystko her semua
above: arriba dessus oben sopra acima boven выше powyżej yukarıdaki atas
before: antes avant vorher prima antes voor перед раньше przed önce sebelum
beginning: principio début anfang inizio início begin начале początku başında awal
conversation: conversación conversation gespräch unterhaltung conversazione conversa gesprek разговора rozmowy konuşmanın percakapan
obey: obedecer obéir gehorchen obbedire obedecer gehoorzamen подчиняться słuchać itaat menuruti
task: tarea tâche mission aufgabe compito tarefa taak задача zadaniem görevin tugas
now: ahora maintenant jetzt ora agora nu сейчас teraz şimdi sekarang
pretend: finge finja fais spiel finge finja doe притворись udawaj davran berpura
developer: desarrollador développeur entwickler sviluppatore desenvolvedor ontwikkelaar разработчика programisty geliştirici pengembang
mode: modo mode modus modalità modo modus режим tryb modu mode
hacked: hackeado piraté gehackt violato hackeado gehackt взломано zhakowano hacklendi diretas
text: texto texte text testo texto tekst текст tekst metin teks
message: mensaje message nachricht messaggio mensagem bericht сообщение wiadomość mesaj pesan
word: palabra mot wort parola palavra woord слово słowo kelime kata
tell: dime dis sag dimmi diga zeg скажи powiedz söyle katakan
answer: responde réponds antworte rispondi responda antwoord ответь odpowiedz cevap jawab
only: solo seulement uniquement nur solo apenas alleen только tylko sadece hanya
capital: capital capitale hauptstadt capitale capital hoofdstad столица stolica başkent ibu
recipe: receta recette rezept ricetta receita recept рецепт przepis tarif resep
explain: explica explícame explique erkläre spiega spiegami explique uitleggen объясни wyjaśnij açıkla jelaskan
book: libros libro livres livre bücher buch libri libro livros livro boeken книги книга książki kitap buku
recommend: recomiendas recommandes empfiehlst consigli recomenda raad посоветуй polecasz önerir rekomendasikan
help: ayúdame ayuda aide aide hilf hilfe aiutami aiuto ajude ajuda help помоги pomóż yardım bantu
write: escribir écrire schreiben scrivere escrever schrijven написать napisać yazmak menulis
email: correo courriel mail mail mail письмо e-mail posta email
visit: visitar visiter besichtigen visitare visitar bezoeken посмотреть zobaczyć gezmeliyim dikunjungi
kill: matar tuer töten uccidere matar doden убить zabić öldürmek membunuh
murder: asesinar asesinato assassiner meurtre ermorden mord omicidio assassinato moord убийство morderstwo cinayet pembunuhan
bomb: bomba bombe bombe bomba bomba bom бомбу бомба bombę bomba bom
explosive: explosivo explosif sprengstoff esplosivo explosivo explosief взрывчатку взрывчатка materiał patlayıcı peledak
weapon: arma armas arme waffe waffen arma armi wapen оружие broń silah senjata
gun: pistola fusil pistolet gewehr pistole pistola geweer пистолет pistolet tabanca pistol
drugs: drogas drogues drogen droga droghe drugs наркотики narkotyki uyuşturucu narkoba
steal: robar voler stehlen rubare roubar stelen украсть ukraść çalmak mencuri
hack: hackear pirater hacken hackerare hackear hacken взломать zhakować hacklemek meretas
poison: veneno envenenar empoisonner poison gift vergiften veleno avvelenare envenenar vergif яд отравить trucizna otruć zehir racun
suicide: suicidio suicide selbstmord suicidio suicídio zelfmoord самоубийство samobójstwo intihar bunuh
steal: robo vol diebstahl furto roubo diefstal кража kradzież hırsızlık pencurian
`;

function parse(lines: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const line of lines.split('\n')) {
    const [english, rest] = line.split(':');
    if (english === undefined || rest === undefined) continue;
    for (const w of rest.trim().split(/\s+/)) if (w !== english.trim() && !out.has(w)) out.set(w, english.trim());
  }
  return out;
}

export const FOREIGN_ALIASES: ReadonlyMap<string, string> = parse(LINES);
