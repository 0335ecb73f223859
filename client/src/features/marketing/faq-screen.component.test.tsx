import { fireEvent } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { faqAnswer, faqQuestion, openQuestions } from '../../lib/testing/faq-queries';
import { renderScreen } from '../../lib/testing/render-screen';
import { FaqScreen } from './faq-screen';

describe('/faq (spec 001, 2.5)', () => {
  it('has the six categories, and opens and closes each item on its own', () => {
    const { container } = renderScreen(<FaqScreen />, '/faq');
    expect(Array.from(container.querySelectorAll('h2')).map((heading) => heading.textContent)).toEqual(
      expect.arrayContaining(['Getting Started', 'Backing Tracks', 'Practice & Features', 'Quality & Technology', 'Pricing & Credits', 'Use Cases']),
    );
    const stem = 'What is a stem?';
    const drumless = 'How do I make a drumless, bassless or guitarless track?';
    fireEvent.click(faqQuestion(container, stem));
    fireEvent.click(faqQuestion(container, drumless));
    expect(openQuestions(container)).toEqual([stem, drumless]);
    fireEvent.click(faqQuestion(container, stem));
    expect(openQuestions(container)).toEqual([drumless]);
  });

  it('tells about the practice tools', () => {
    const { container } = renderScreen(<FaqScreen />, '/faq');
    const questions = ['Can I slow a song down or change its key?', 'Can I save the backing track I made?', 'Can I see how much I practised?', 'Does Woodshed work offline?'];
    for (const question of questions) fireEvent.click(faqQuestion(container, question));
    const answers = questions.map((question) => faqAnswer(container, question));
    expect(answers.filter((answer) => answer.hidden)).toEqual([]);
    const texts = answers.map((answer) => answer.textContent);
    for (const words of ['speed trainer', 'count-in', 'WAV or MP3', 'play without one', 'Practice Log']) {
      expect(texts.some((text) => text.includes(words)), words).toBe(true);
    }
  });
});
