/**
 * The words the offline generator writes, per language. Only a few languages have phrases; for
 * any other the generator writes English and says so.
 */
import type { SectionRole } from './templates.ts';

export type Tone = 'neutral' | 'formal' | 'friendly' | 'enthusiastic';

export interface Phrases {
  sections: Record<SectionRole, string>;
  keyFeatures: string;
  subject: string;
  greeting(recipient: string | undefined): string;
  signOff: string;
  release: string;
  about(company: string): string;
  aboutText(company: string): string;
  company: string;
  said(quote: string, company: string): string;
  defaultQuote(topic: string): string;
  callToAction: string;
  /** Body sentences about the topic, used in turn until the length is reached. */
  fillers: ((topic: string) => string)[];
  tones: Record<Tone, { open(topic: string): string; close(topic: string): string }>;
}

const en: Phrases = {
  sections: {
    introduction: 'Introduction',
    details: 'Details',
    benefits: 'Benefits',
    nextSteps: 'Next steps',
    conclusion: 'Conclusion',
  },
  keyFeatures: 'Key features',
  subject: 'Subject',
  greeting: (r) => (r ? `Hello ${r},` : 'Hello,'),
  signOff: 'Best regards',
  release: 'FOR IMMEDIATE RELEASE',
  about: (c) => `About ${c}`,
  aboutText: (c) => `${c} builds products that help people get more done.`,
  company: 'the company',
  said: (q, c) => `"${q}," says ${c}.`,
  defaultQuote: (t) => `We are proud to share ${t} with everyone`,
  callToAction: 'Reply to this message to learn more.',
  fillers: [
    (t) => `${t} starts from a simple idea: make everyday work easier.`,
    (t) => `Teams that adopt ${t} spend less time on routine tasks.`,
    (t) => `Every detail of ${t} was shaped by feedback from real users.`,
    () => 'The result is a clear path from the first step to the finished outcome.',
    (t) => `${t} fits into existing workflows without a long setup.`,
    () => 'Clear guidance helps new users get started within minutes.',
    () => 'Over time, the benefits add up across the whole organization.',
    () => 'Quality stays consistent because every step follows the same rules.',
  ],
  tones: {
    neutral: { open: (t) => `This text gives an overview of ${t}.`, close: (t) => `That is ${t} in brief.` },
    formal: {
      open: (t) => `The following sets out the essential facts about ${t}.`,
      close: (t) => `We remain at your disposal for any further questions regarding ${t}.`,
    },
    friendly: {
      open: (t) => `Let's take a quick look at ${t} together.`,
      close: (t) => `We hope you enjoy ${t} as much as we do.`,
    },
    enthusiastic: {
      open: (t) => `Get ready: ${t} is here!`,
      close: (t) => `We can't wait for you to try ${t}!`,
    },
  },
};

const de: Phrases = {
  sections: {
    introduction: 'Einleitung',
    details: 'Details',
    benefits: 'Vorteile',
    nextSteps: 'Nächste Schritte',
    conclusion: 'Fazit',
  },
  keyFeatures: 'Die wichtigsten Funktionen',
  subject: 'Betreff',
  greeting: (r) => (r ? `Hallo ${r},` : 'Hallo,'),
  signOff: 'Viele Grüße',
  release: 'ZUR SOFORTIGEN VERÖFFENTLICHUNG',
  about: (c) => `Über ${c}`,
  aboutText: (c) => `${c} entwickelt Produkte, mit denen Menschen mehr erreichen.`,
  company: 'das Unternehmen',
  said: (q, c) => `„${q}“, so ${c}.`,
  defaultQuote: (t) => `Wir freuen uns, ${t} mit allen zu teilen`,
  callToAction: 'Antworten Sie auf diese Nachricht, um mehr zu erfahren.',
  fillers: [
    (t) => `${t} beruht auf einer einfachen Idee: die tägliche Arbeit zu erleichtern.`,
    (t) => `Teams, die ${t} einsetzen, verbringen weniger Zeit mit Routineaufgaben.`,
    (t) => `Jedes Detail von ${t} wurde anhand von Rückmeldungen echter Nutzer gestaltet.`,
    () => 'Das Ergebnis ist ein klarer Weg vom ersten Schritt bis zum fertigen Ergebnis.',
    (t) => `${t} fügt sich ohne lange Einrichtung in bestehende Abläufe ein.`,
    () => 'Klare Anleitungen helfen neuen Nutzern, in wenigen Minuten loszulegen.',
    () => 'Mit der Zeit summieren sich die Vorteile im ganzen Unternehmen.',
    () => 'Die Qualität bleibt gleich, weil jeder Schritt denselben Regeln folgt.',
  ],
  tones: {
    neutral: {
      open: (t) => `Dieser Text gibt einen Überblick über ${t}.`,
      close: (t) => `Das ist ${t} in Kürze.`,
    },
    formal: {
      open: (t) => `Im Folgenden finden Sie die wesentlichen Informationen zu ${t}.`,
      close: (t) => `Für weitere Fragen zu ${t} stehen wir Ihnen gerne zur Verfügung.`,
    },
    friendly: {
      open: (t) => `Schauen wir uns ${t} gemeinsam kurz an.`,
      close: (t) => `Wir hoffen, ${t} gefällt dir genauso gut wie uns.`,
    },
    enthusiastic: {
      open: (t) => `Es ist so weit: ${t} ist da!`,
      close: (t) => `Wir können es kaum erwarten, dass du ${t} ausprobierst!`,
    },
  },
};

const fr: Phrases = {
  sections: {
    introduction: 'Introduction',
    details: 'Détails',
    benefits: 'Avantages',
    nextSteps: 'Prochaines étapes',
    conclusion: 'Conclusion',
  },
  keyFeatures: 'Caractéristiques principales',
  subject: 'Objet',
  greeting: (r) => (r ? `Bonjour ${r},` : 'Bonjour,'),
  signOff: 'Cordialement',
  release: 'POUR DIFFUSION IMMÉDIATE',
  about: (c) => `À propos de ${c}`,
  aboutText: (c) => `${c} conçoit des produits qui aident chacun à en faire plus.`,
  company: "l'entreprise",
  said: (q, c) => `« ${q} », déclare ${c}.`,
  defaultQuote: (t) => `Nous sommes fiers de partager ${t} avec tous`,
  callToAction: 'Répondez à ce message pour en savoir plus.',
  fillers: [
    (t) => `${t} part d'une idée simple : faciliter le travail de tous les jours.`,
    (t) => `Les équipes qui adoptent ${t} consacrent moins de temps aux tâches répétitives.`,
    (t) => `Chaque détail de ${t} a été conçu à partir des retours de vrais utilisateurs.`,
    () => 'Le résultat est un chemin clair, de la première étape au résultat final.',
    (t) => `${t} s'intègre aux processus existants sans longue configuration.`,
    () => 'Des instructions claires permettent aux nouveaux utilisateurs de démarrer en quelques minutes.',
    () => "Avec le temps, les avantages s'additionnent dans toute l'organisation.",
    () => 'La qualité reste constante, car chaque étape suit les mêmes règles.',
  ],
  tones: {
    neutral: { open: (t) => `Ce texte présente un aperçu de ${t}.`, close: (t) => `Voilà ${t} en bref.` },
    formal: {
      open: (t) => `Vous trouverez ci-dessous les informations essentielles concernant ${t}.`,
      close: (t) => `Nous restons à votre disposition pour toute question concernant ${t}.`,
    },
    friendly: {
      open: (t) => `Découvrons ensemble ${t} en quelques mots.`,
      close: (t) => `Nous espérons que ${t} vous plaira autant qu'à nous.`,
    },
    enthusiastic: {
      open: (t) => `Préparez-vous : ${t} est arrivé !`,
      close: (t) => `Nous avons hâte que vous essayiez ${t} !`,
    },
  },
};

const es: Phrases = {
  sections: {
    introduction: 'Introducción',
    details: 'Detalles',
    benefits: 'Ventajas',
    nextSteps: 'Próximos pasos',
    conclusion: 'Conclusión',
  },
  keyFeatures: 'Características principales',
  subject: 'Asunto',
  greeting: (r) => (r ? `Hola, ${r}:` : 'Hola:'),
  signOff: 'Saludos cordiales',
  release: 'PARA PUBLICACIÓN INMEDIATA',
  about: (c) => `Acerca de ${c}`,
  aboutText: (c) => `${c} crea productos que ayudan a las personas a lograr más.`,
  company: 'la empresa',
  said: (q, c) => `«${q}», afirma ${c}.`,
  defaultQuote: (t) => `Estamos orgullosos de compartir ${t} con todos`,
  callToAction: 'Responde a este mensaje para saber más.',
  fillers: [
    (t) => `${t} parte de una idea sencilla: facilitar el trabajo diario.`,
    (t) => `Los equipos que adoptan ${t} dedican menos tiempo a las tareas rutinarias.`,
    (t) => `Cada detalle de ${t} se diseñó a partir de los comentarios de usuarios reales.`,
    () => 'El resultado es un camino claro desde el primer paso hasta el resultado final.',
    (t) => `${t} se integra en los flujos de trabajo existentes sin una configuración larga.`,
    () => 'Unas instrucciones claras ayudan a los nuevos usuarios a empezar en pocos minutos.',
    () => 'Con el tiempo, los beneficios se suman en toda la organización.',
    () => 'La calidad se mantiene constante porque cada paso sigue las mismas reglas.',
  ],
  tones: {
    neutral: {
      open: (t) => `Este texto ofrece una visión general de ${t}.`,
      close: (t) => `Eso es ${t} en resumen.`,
    },
    formal: {
      open: (t) => `A continuación se exponen los datos esenciales sobre ${t}.`,
      close: (t) => `Quedamos a su disposición para cualquier consulta sobre ${t}.`,
    },
    friendly: {
      open: (t) => `Veamos juntos ${t} en pocas palabras.`,
      close: (t) => `Esperamos que ${t} te guste tanto como a nosotros.`,
    },
    enthusiastic: {
      open: (t) => `¡Prepárate: ${t} ya está aquí!`,
      close: (t) => `¡Estamos deseando que pruebes ${t}!`,
    },
  },
};

/** Languages the offline generator writes; any other gets English (and the note says so). */
export const PHRASES: Readonly<Record<string, Phrases>> = { en, de, fr, es };

/** The tone a free-text preference names; anything unrecognised is neutral. */
export function toneOf(text: string | undefined): Tone {
  const t = (text ?? '').toLowerCase();
  if (/enthusias|excit|energ|playful|persuasive|bold/.test(t)) return 'enthusiastic';
  if (/friend|casual|warm|conversational|informal/.test(t)) return 'friendly';
  if (/formal|professional|serious|authoritative/.test(t)) return 'formal';
  return 'neutral';
}
